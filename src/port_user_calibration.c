/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The calibration file (userspace only): each op's variant per size class
 * and stripe width as timed once on this CPU, so that every later process takes the same
 * ones without timing. It holds for one CPU and one build of the variant
 * table; a file written for another is ignored.
 *
 *   libgfraid calibration 2
 *   signature libgfraid 0.1.0 registry 8c2f... cpu AuthenticAMD-00830f10 ...
 *   gen_syndrome small narrow avx2_x4
 *   ...
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ops.h"

#define HEADER "libgfraid calibration 2"
#define NAME_MAX_LEN 40
#define ENTRIES (GFRAID_OP_COUNT * GFRAID_CLASS_COUNT * GFRAID_WIDTH_COUNT)

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>

/* Vendor, and family, model and stepping (CPUID 1 EAX). */
static void cpu_id(char *buf, size_t n)
{
	unsigned int a, b, c, d, leaf1 = 0;
	char vendor[13] = "unknown";

	if (__get_cpuid(0, &a, &b, &c, &d)) {
		memcpy(vendor, &b, 4);
		memcpy(vendor + 4, &d, 4);
		memcpy(vendor + 8, &c, 4);
		vendor[12] = '\0';
	}
	if (__get_cpuid(1, &a, &b, &c, &d))
		leaf1 = a;
	snprintf(buf, n, "%s-%08x", vendor, leaf1);
}
#else
/* The main ID register, where the kernel shows it (AArch64). */
static void cpu_id(char *buf, size_t n)
{
	FILE *f = fopen("/sys/devices/system/cpu/cpu0/regs/identification/midr_el1", "r");
	char id[64] = "unknown";

	if (f) {
		if (!fgets(id, sizeof(id), f))
			snprintf(id, sizeof(id), "unknown");
		id[strcspn(id, "\n")] = '\0';
		fclose(f);
	}
	snprintf(buf, n, "%s", id);
}
#endif

/* What the file must have been written for: this build's version and
   variant table, this CPU, its features and L2. */
static void signature(char *buf, size_t n)
{
	const struct gfr_impl *all;
	int count = gfr_variants_all(&all), i;
	uint32_t h = 2166136261u;	/* FNV-1a over the variants' ops and names */
	char id[80];

	for (i = 0; i < count; i++) {
		const char *s[2] = { all[i].op->name, all[i].name };
		int k;

		for (k = 0; k < 2; k++) {
			const unsigned char *p = (const unsigned char *)s[k];

			do
				h = (h ^ *p) * 16777619u;
			while (*p++);
		}
	}
	cpu_id(id, sizeof(id));
	snprintf(buf, n, "libgfraid %d.%d.%d registry %08x cpu %s features %x l2 %zu llc/2 %zu",
		 GFRAID_VERSION_MAJOR, GFRAID_VERSION_MINOR, GFRAID_VERSION_PATCH, h, id,
		 gfraid_cpu_features(), gfr_l2_bytes(), gfr_llc_half_bytes());
}

static pthread_once_t path_once = PTHREAD_ONCE_INIT;
static char path[4096];

static void path_init(void)
{
	const char *file = secure_getenv("GFRAID_CALIBRATION_FILE");
	const char *xdg = secure_getenv("XDG_CACHE_HOME"), *home = secure_getenv("HOME");

	if (file && *file)
		snprintf(path, sizeof(path), "%s", file);
	else if (xdg && *xdg == '/')
		snprintf(path, sizeof(path), "%s/libgfraid/calibration", xdg);
	else if (home && *home)
		snprintf(path, sizeof(path), "%s/.cache/libgfraid/calibration", home);
}

const char *gfraid_calibration_file(void)
{
	pthread_once(&path_once, path_init);
	return path[0] ? path : NULL;
}

/* The file's choices, read once: "op class width" and the variant named. */
static struct {
	char key[3 * NAME_MAX_LEN], variant[NAME_MAX_LEN];
} entries[ENTRIES];
static int nentries;
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load(void)
{
	const char *p = gfraid_calibration_file();
	char line[512], want[400], op[NAME_MAX_LEN], cls[NAME_MAX_LEN], width[NAME_MAX_LEN];
	char variant[NAME_MAX_LEN];
	FILE *f = p ? fopen(p, "r") : NULL;
	size_t n;

	if (!f)
		return;
	signature(want, sizeof(want));
	n = strlen(want);
	/* the header, then "signature " and exactly this CPU's and build's */
	if (!fgets(line, sizeof(line), f) || strcmp(line, HEADER "\n") != 0 ||
	    !fgets(line, sizeof(line), f) || strncmp(line, "signature ", 10) != 0 ||
	    strncmp(line + 10, want, n) != 0 || strcmp(line + 10 + n, "\n") != 0) {
		fclose(f);
		return;
	}
	while (nentries < ENTRIES && fgets(line, sizeof(line), f)) {
		char extra;

		if (sscanf(line, "%39s %39s %39s %39s %c", op, cls, width, variant, &extra) != 4)
			continue;
		snprintf(entries[nentries].key, sizeof(entries[nentries].key), "%s %s %s", op, cls,
			 width);
		snprintf(entries[nentries].variant, sizeof(entries[nentries].variant), "%s", variant);
		nentries++;
	}
	fclose(f);
}

const char *gfr_port_calibration_file(const char *op, const char *cls, const char *width)
{
	char key[3 * NAME_MAX_LEN];
	int i;

	pthread_once(&load_once, load);
	snprintf(key, sizeof(key), "%s %s %s", op, cls, width);
	for (i = 0; i < nentries; i++)
		if (!strcmp(entries[i].key, key))
			return entries[i].variant;
	return NULL;
}

/* mkdir -p of p's directory (its last component is the file). */
static int make_dirs(const char *p)
{
	char dir[sizeof(path)];
	char *s;

	snprintf(dir, sizeof(dir), "%s", p);
	for (s = dir + 1; (s = strchr(s, '/')) != NULL; s++) {
		*s = '\0';
		if (mkdir(dir, 0755) && errno != EEXIST)
			return -1;
		*s = '/';
	}
	return 0;
}

int gfraid_calibration_save(const char *to)
{
	char tmp[sizeof(path) + 32], sig[400];
	const char *p = to ? to : gfraid_calibration_file();
	FILE *f;
	int op, cls, w, err = 0;

	if (!p) {
		errno = ENOENT;
		return GFRAID_EIO;
	}
	signature(sig, sizeof(sig));
	snprintf(tmp, sizeof(tmp), "%s.%ld.tmp", p, (long)getpid());
	if (make_dirs(p) || !(f = fopen(tmp, "w")))
		return GFRAID_EIO;
	fprintf(f, "%s\nsignature %s\n", HEADER, sig);
	for (op = 0; op < GFRAID_OP_COUNT && !err; op++)
		for (cls = 0; cls < GFRAID_CLASS_COUNT && !err; cls++)
			for (w = 0; w < GFRAID_WIDTH_COUNT && !err; w++) {
				const struct gfr_impl *im = gfr_impl_timed(
					(enum gfraid_op)op, (enum gfraid_class)cls,
					(enum gfraid_width)w);

				if (!im)
					err = GFRAID_ESELFTEST;
				else
					fprintf(f, "%s %s %s %s\n", gfraid_op_name((enum gfraid_op)op),
						gfraid_class_name((enum gfraid_class)cls),
						gfraid_width_name((enum gfraid_width)w), im->name);
			}
	if (fclose(f) && !err)
		err = GFRAID_EIO;
	if (!err && rename(tmp, p))
		err = GFRAID_EIO;
	if (err)
		unlink(tmp);
	return err;
}
