// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/*
 * Variant names and the GFRAID_IMPL syntax (also that of
 * GFRAID_SELFTEST_CORRUPT) on strings the fuzzer writes:
 *  - gfraid_impl_force(op, name) succeeds exactly for the name of a
 *    usable variant of op, says GFRAID_ENOIMPL for a name in no table
 *    entry, and never changes the selection when it fails;
 *  - gfr_impl_auto picks what the rule says, checked against a plain
 *    re-statement of the rule here: items split at ',', an item "op=name"
 *    (split at its first '=') applies when op is the op's name exactly,
 *    a bare item to every op; the last item naming a usable variant wins,
 *    else the first usable variant in table order.
 *
 * Input: op, usable mask, op-name choice, then the string.
 */
#include "fuzz.h"
#include "ops.h"

static const struct gfr_impl table[] = {
	{ "wide", 0, NULL, NULL }, { "fast", 0, NULL, NULL },
	{ "fast2", 0, NULL, NULL }, { "a", 0, NULL, NULL },
	{ "base", 0, NULL, NULL },
};
#define COUNT ((int)(sizeof(table) / sizeof(table[0])))

static int usable_mask(const struct gfr_impl *im, void *ctx)
{
	return *(const unsigned *)ctx >> (im - table) & 1;
}

/* The rule, written again as simply as possible. */
static const struct gfr_impl *rule(unsigned mask, const char *op_name, const char *setting)
{
	const struct gfr_impl *choice = NULL;
	char *copy = strdup(setting), *item, *save = NULL;
	int i;

	FUZZ_CHECK(copy != NULL, "out of memory");
	for (i = 0; i < COUNT && !choice; i++)
		if (mask >> i & 1)
			choice = &table[i];
	/* strtok_r skips empty items, which name nothing anyway */
	for (item = strtok_r(copy, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
		char *eq = strchr(item, '='), *name = item;

		if (eq) {
			*eq = '\0';
			if (strcmp(item, op_name) != 0)
				continue;
			name = eq + 1;
		}
		for (i = 0; i < COUNT; i++)
			if (strcmp(table[i].name, name) == 0 && (mask >> i & 1))
				choice = &table[i];
	}
	free(copy);
	return choice;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const op_names[] = { "gen", "ec_encode", "", "fast" };
	struct fin f = { data, size };
	enum gfraid_op op = (enum gfraid_op)(fin_byte(&f) % GFRAID_OP_COUNT);
	unsigned mask = fin_byte(&f) & ((1u << COUNT) - 1);
	const char *op_name = op_names[fin_byte(&f) % 4];
	char *s = malloc(f.n + 1);
	const struct gfr_impl *got, *want;
	const char *before;
	int i, err, match = -1;

	FUZZ_CHECK(s != NULL, "out of memory");
	memcpy(s, f.p, f.n);
	s[f.n] = '\0';

	got = gfr_impl_auto(table, COUNT, usable_mask, &mask, op_name, s);
	want = rule(mask, op_name, s);
	FUZZ_CHECK(got == want, "setting '%s' op %s mask %#x: %s, rule says %s", s, op_name, mask,
		   got ? got->name : "(none)", want ? want->name : "(none)");

	before = gfraid_impl_selected(op, GFRAID_CLASS_SMALL, GFRAID_WIDTH_TYPICAL);
	for (i = 0; i < gfraid_impl_count(op); i++)
		if (strcmp(gfraid_impl_name(op, i), s) == 0)
			match = i;
	err = gfraid_impl_force(op, s);
	if (match < 0) {
		FUZZ_CHECK(err == GFRAID_ENOIMPL, "force '%s': %d", s, err);
	} else if (gfraid_impl_available(op, match) == 1) {
		FUZZ_CHECK(err == 0 && strcmp(gfraid_impl_selected(op, GFRAID_CLASS_SMALL, GFRAID_WIDTH_TYPICAL), s) == 0, "force '%s': %d",
			   s, err);
		gfraid_impl_force(op, NULL);
		before = gfraid_impl_selected(op, GFRAID_CLASS_SMALL, GFRAID_WIDTH_TYPICAL);
	} else {
		FUZZ_CHECK(err == GFRAID_ENOCPU || err == GFRAID_ESELFTEST, "force '%s': %d", s, err);
	}
	FUZZ_CHECK(strcmp(gfraid_impl_selected(op, GFRAID_CLASS_SMALL, GFRAID_WIDTH_TYPICAL), before) == 0, "force '%s' changed the selection",
		   s);
	free(s);
	return 0;
}
