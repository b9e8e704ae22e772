#include "cli/exec_inspect.h"
#include "cudart/fatbin.h"
#include <elf.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The file execvp would run for program: itself when it has a '/', else
 * the first executable on PATH. 0, or -1 when there is none. */
static int resolve(const char *program, char *out, size_t len)
{
    if (strchr(program, '/'))
        return (size_t)snprintf(out, len, "%s", program) < len ? 0 : -1;
    const char *path = getenv("PATH");
    if (!path || !*path)
        path = "/bin:/usr/bin";
    for (const char *p = path; *p;) {
        const char *colon = strchr(p, ':');
        size_t n = colon ? (size_t)(colon - p) : strlen(p);
        if ((size_t)snprintf(out, len, "%.*s%s%s", (int)n, n ? p : ".", "/", program) < len &&
            access(out, X_OK) == 0)
            return 0;
        p += n + (colon != NULL);
    }
    return -1;
}

/* len bytes at off of f into a new buffer, or NULL. */
static void *read_at(FILE *f, uint64_t off, uint64_t len)
{
    if (len > ((uint64_t)1 << 32) || fseeko(f, (off_t)off, SEEK_SET) != 0)
        return NULL;
    void *buf = malloc(len ? (size_t)len : 1);
    if (buf && len && fread(buf, 1, (size_t)len, f) != (size_t)len) {
        free(buf);
        return NULL;
    }
    return buf;
}

struct program_facts {
    int has_fatbin, cudart_needed;
    char cudart_other[64];      /* a libcudart.so.N that is not ours */
    struct fatbin_survey total; /* over every fatbinary in .nv_fatbin */
};

/* The needed libraries: the .dynamic section's DT_NEEDED names. */
static void read_needed(FILE *f, const Elf64_Shdr *sh, int nsh, const Elf64_Shdr *dyn,
                        struct program_facts *pf)
{
    if (dyn->sh_link >= (Elf64_Word)nsh)
        return;
    const Elf64_Shdr *str = &sh[dyn->sh_link];
    Elf64_Dyn *d = read_at(f, dyn->sh_offset, dyn->sh_size);
    char *names = read_at(f, str->sh_offset, str->sh_size);
    for (uint64_t i = 0; d && names && i < dyn->sh_size / sizeof *d; i++) {
        if (d[i].d_tag != DT_NEEDED || d[i].d_un.d_val >= str->sh_size)
            continue;
        const char *name = names + d[i].d_un.d_val;
        if (!memchr(name, 0, str->sh_size - d[i].d_un.d_val) || strncmp(name, "libcudart.so", 12))
            continue;
        if (!strcmp(name, "libcudart.so.13") || !strcmp(name, "libcudart.so"))
            pf->cudart_needed = 1;
        else
            snprintf(pf->cudart_other, sizeof pf->cudart_other, "%s", name);
    }
    free(d);
    free(names);
}

/* Every fatbinary of the section, one after another (zero padding between). */
static void survey_fatbins(FILE *f, const Elf64_Shdr *s, struct program_facts *pf)
{
    uint8_t *d = read_at(f, s->sh_offset, s->sh_size);
    if (!d)
        return;
    char err[256];
    for (uint64_t off = 0; off + 16 <= s->sh_size;) {
        struct fatbin_survey one;
        if (fatbin_survey(d + off, (size_t)(s->sh_size - off), &one, err, sizeof err) != 0) {
            if (d[off] != 0)
                break; /* not a fatbinary: judged on what was read before it */
            off += 8;
            continue;
        }
        pf->total.ptx += one.ptx;
        pf->total.ptx_compressed += one.ptx_compressed;
        pf->total.elf += one.elf;
        pf->total.ptx_arch = one.ptx_arch > pf->total.ptx_arch ? one.ptx_arch : pf->total.ptx_arch;
        pf->total.elf_arch = one.elf_arch > pf->total.elf_arch ? one.elf_arch : pf->total.elf_arch;
        off += (one.bytes + 7) & ~(uint64_t)7;
    }
    free(d);
}

/* 0 with the facts, -1 when the file is not a readable 64-bit
 * little-endian ELF file. */
static int read_facts(const char *path, struct program_facts *pf)
{
    memset(pf, 0, sizeof *pf);
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    Elf64_Ehdr eh;
    int rc = -1;
    if (fread(&eh, sizeof eh, 1, f) == 1 && !memcmp(eh.e_ident, ELFMAG, SELFMAG) &&
        eh.e_ident[EI_CLASS] == ELFCLASS64 && eh.e_ident[EI_DATA] == ELFDATA2LSB &&
        eh.e_shentsize == sizeof(Elf64_Shdr) && eh.e_shnum > 0 && eh.e_shstrndx < eh.e_shnum) {
        Elf64_Shdr *sh = read_at(f, eh.e_shoff, (uint64_t)eh.e_shnum * sizeof *sh);
        const Elf64_Shdr *ss = sh ? &sh[eh.e_shstrndx] : NULL;
        char *names = ss ? read_at(f, ss->sh_offset, ss->sh_size) : NULL;
        if (names && ss->sh_size) {
            names[ss->sh_size - 1] = 0;
            rc = 0;
            for (int i = 0; i < eh.e_shnum; i++) {
                const char *name = sh[i].sh_name < ss->sh_size ? names + sh[i].sh_name : "";
                if (sh[i].sh_type == SHT_DYNAMIC)
                    read_needed(f, sh, eh.e_shnum, &sh[i], pf);
                else if (!strcmp(name, ".nv_fatbin") && sh[i].sh_type != SHT_NOBITS) {
                    pf->has_fatbin = 1;
                    survey_fatbins(f, &sh[i], pf);
                }
            }
        }
        free(names);
        free(sh);
    }
    fclose(f);
    return rc;
}

int exec_inspect(const char *program, char *msg, size_t msglen)
{
    char path[PATH_MAX];
    struct program_facts pf;
    if (resolve(program, path, sizeof path) != 0 || read_facts(path, &pf) != 0 || !pf.has_fatbin)
        return 0;
    if (pf.cudart_other[0] && !pf.cudart_needed) {
        snprintf(msg, msglen,
                 "%s needs %s, and ccgpu's CUDA runtime is libcudart.so.13: rebuild it with "
                 "CUDA 13's nvcc -cudart shared",
                 program, pf.cudart_other);
        return 1;
    }
    if (!pf.cudart_needed) {
        snprintf(msg, msglen,
                 "%s links the CUDA runtime statically (nvcc's default), so it would run on "
                 "NVIDIA's runtime, not ccgpu's: rebuild it with nvcc -cudart shared",
                 program);
        return 1;
    }
    if (pf.total.ptx_compressed) {
        snprintf(msg, msglen,
                 "%s holds its PTX compressed (nvcc's default), which ccgpu cannot read: "
                 "rebuild it with nvcc --no-compress",
                 program);
        return 1;
    }
    if (!pf.total.ptx && pf.total.elf) {
        unsigned a = pf.total.elf_arch;
        snprintf(msg, msglen,
                 "%s holds only SASS (sm_%u), no PTX for ccgpu to simulate: rebuild it with a "
                 "PTX target, nvcc -arch=compute_%u or -gencode arch=compute_%u,code=compute_%u",
                 program, a, a, a, a);
        return 1;
    }
    return 0;
}
