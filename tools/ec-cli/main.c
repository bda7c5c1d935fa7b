/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* ec-cli: look at what libgfraid sees and runs on this CPU, and prove it
   computes the same bytes as Linux lib/raid6 and ISA-L. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "gfraid.h"

static const struct {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *help;
} commands[] = {
	{ "info", cmd_info, "CPU, instruction sets, and every variant per op" },
	{ "calibrate", cmd_calibrate, "time the variants once, for every later process" },
	{ "verify", cmd_verify, "every variant against the references, byte for byte" },
	{ "bench", cmd_bench, "libgfraid against Linux lib/raid6, ISA-L and the floors" },
	{ "raid6check", cmd_raid6check, "scrub a stopped md RAID-6 array's members; --repair" },
};

int cli_parse_int(const char *s, int lo, int hi, int *out)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (!*s || *end || errno || v < lo || v > hi)
		return -1;
	*out = (int)v;
	return 0;
}

int cli_parse_u64(const char *s, unsigned long long *out)
{
	char *end;
	unsigned long long v;

	/* strtoull takes "-5" as 2^64 - 5 and a leading space or sign */
	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	v = strtoull(s, &end, 0);
	if (*end || errno)
		return -1;
	*out = v;
	return 0;
}

int cli_parse_seconds(const char *s, double lo, double hi, double *out)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	/* written so that nan, which compares false with everything, fails */
	if (!*s || *end || errno || !(v > lo && v <= hi))
		return -1;
	*out = v;
	return 0;
}

static void usage(FILE *f)
{
	size_t i;

	fprintf(f, "usage: ec-cli <command> [options]   (ec-cli <command> --help)\n\n");
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		fprintf(f, "  %-8s %s\n", commands[i].name, commands[i].help);
	fprintf(f, "\nlibgfraid %d.%d.%d\n", GFRAID_VERSION_MAJOR, GFRAID_VERSION_MINOR,
		GFRAID_VERSION_PATCH);
}

int main(int argc, char **argv)
{
	size_t i;

	if (argc < 2) {
		usage(stderr);
		return 2;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
		usage(stdout);
		return 0;
	}
	if (!strcmp(argv[1], "--version")) {
		printf("ec-cli (libgfraid) %d.%d.%d\n", GFRAID_VERSION_MAJOR, GFRAID_VERSION_MINOR,
		       GFRAID_VERSION_PATCH);
		return 0;
	}
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (!strcmp(argv[1], commands[i].name))
			return commands[i].run(argc - 1, argv + 1);
	fprintf(stderr, "ec-cli: unknown command '%s'\n\n", argv[1]);
	usage(stderr);
	return 2;
}
