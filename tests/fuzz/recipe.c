/* Bytes -> the reproduction recipe parser (reproduce/PAPER.repro), then
 * the placeholder expansion of every run word it accepted. */
#include "fuzz.h"
#include "reproduce/recipe.h"

static int fuzz_recipe(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    if (!text)
        return 0;
    char err[256];
    struct recipe r;
    if (recipe_parse(text, "fuzz.repro", &r, err, sizeof err) == 0) {
        for (int i = 0; i < r.nfigures; i++)
            for (int k = 0; k < r.figures[i].nruns; k++)
                for (int w = 0; w < r.figures[i].runs[k].nwords; w++)
                    free(recipe_expand(r.figures[i].runs[k].words[w], "small", 2, "out/x"));
        recipe_figure(&r, "fig7");
        recipe_free(&r);
    }
    free(text);
    return 0;
}
FUZZ_ENTRY(recipe)
