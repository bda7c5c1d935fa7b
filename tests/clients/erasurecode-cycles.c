/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * liberasurecode's instance cycle, as a daemon runs it per request:
 * create an isa_l_rs_vand or isa_l_rs_cauchy instance (liberasurecode
 * dlopens libisal.so.2), encode, destroy (it dlcloses it). Runs CYCLES of
 * them and fails if one fails, if the live heap or the process's mappings
 * grow between cycle 1000 and the last (over 1000 cycles), or if the
 * libisal.so.2 mapped is not the one named. Under ASan, LeakSanitizer
 * checks the exit. Prints the first cycle's time and the others' mean
 * (bench/load-cost.sh reads them).
 * Usage: erasurecode-cycles vand|cauchy CYCLES BYTES EXPECTED_LIBISAL_PATH
 */
#define _GNU_SOURCE
#include <erasurecode.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif
#ifdef __SANITIZE_ADDRESS__
#define UNDER_ASAN 1
#endif
#ifdef UNDER_ASAN
/* the sanitizer runtime's (gcc 12 ships no header declaring it) */
size_t __sanitizer_get_current_allocated_bytes(void);
static size_t live_heap(void)
{
	return __sanitizer_get_current_allocated_bytes();
}
#else
static size_t live_heap(void)
{
	return mallinfo2().uordblks;
}
#endif

/* Lines of /proc/self/maps, and whether one maps the file want. */
static int mappings(const char *want, int *found)
{
	FILE *f = fopen("/proc/self/maps", "r");
	char line[4096];
	int n = 0;

	*found = 0;
	while (f && fgets(line, sizeof(line), f)) {
		char *path = strchr(line, '/');

		n++;
		if (path) {
			path[strcspn(path, "\n")] = '\0';
			if (!strcmp(path, want))
				*found = 1;
		}
	}
	if (f)
		fclose(f);
	return n;
}

static double now_us(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

int main(int argc, char **argv)
{
	ec_backend_id_t id;
	long cycles, c;
	size_t bytes, heap_at = 0;
	char *data;
	int maps_at = 0, found = 0;
	double t0, first = 0, rest = 0;

	if (argc != 5 || (strcmp(argv[1], "vand") && strcmp(argv[1], "cauchy")) ||
	    (cycles = atol(argv[2])) < 1 || !(bytes = strtoul(argv[3], NULL, 0))) {
		fprintf(stderr, "usage: erasurecode-cycles vand|cauchy CYCLES BYTES LIBISAL\n");
		return 2;
	}
	id = strcmp(argv[1], "vand") ? EC_BACKEND_ISA_L_RS_CAUCHY : EC_BACKEND_ISA_L_RS_VAND;
	data = malloc(bytes);
	if (!data)
		return 1;
	for (size_t i = 0; i < bytes; i++)
		data[i] = (char)(i * 131 + 7);
	for (c = 0; c < cycles; c++) {
		struct ec_args args = { .k = 10, .m = 4, .hd = 4, .ct = CHKSUM_NONE };
		char **frags_d, **frags_p;
		uint64_t len;
		int desc;

		t0 = now_us();
		desc = liberasurecode_instance_create(id, &args);
		if (desc <= 0) {
			fprintf(stderr, "cycle %ld: liberasurecode_instance_create: %d (backend not "
					"available?)\n", c, desc);
			return 1;
		}
		if (liberasurecode_encode(desc, data, bytes, &frags_d, &frags_p, &len)) {
			fprintf(stderr, "cycle %ld: liberasurecode_encode failed\n", c);
			return 1;
		}
		if (c == 0)
			mappings(argv[4], &found);
		liberasurecode_encode_cleanup(desc, frags_d, frags_p);
		if (liberasurecode_instance_destroy(desc)) {
			fprintf(stderr, "cycle %ld: liberasurecode_instance_destroy failed\n", c);
			return 1;
		}
		if (c > 0)
			rest += now_us() - t0;
		if (c == 0) {
			first = now_us() - t0;
			if (!found) {
				fprintf(stderr, "%s was not mapped while the instance encoded\n",
					argv[4]);
				return 1;
			}
		}
		if (c == 999) {
			heap_at = live_heap();
			maps_at = mappings(argv[4], &found);
		}
	}
	{
		size_t heap = live_heap();
		int maps = mappings(argv[4], &found);

		printf("%ld cycles (%s, 10+4, %zu bytes): first %.0f us, then %.1f us per cycle",
		       cycles, argv[1], bytes, first, cycles > 1 ? rest / (double)(cycles - 1) : 0);
		if (cycles > 1000)
			printf("; live heap %zu -> %zu bytes, mappings %d -> %d from cycle 1000 to %ld",
			       heap_at, heap, maps_at, maps, cycles);
		printf("\n");
		free(data);
		if (cycles > 1000 && (heap > heap_at || maps != maps_at)) {
			fprintf(stderr, "the process grew over the cycles\n");
			return 1;
		}
	}
	return 0;
}
