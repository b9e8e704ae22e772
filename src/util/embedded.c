#include "util/embedded.h"
#include <string.h>

const char *embedded_find(const char *path)
{
    for (size_t i = 0; i < embedded_file_count; i++)
        if (strcmp(embedded_files[i].path, path) == 0)
            return embedded_files[i].text;
    return NULL;
}
