// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* The variant table, selection, forcing, GFRAID_IMPL and CPU probing (the
   calibration: test_calibrate.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "ops.h"

static const char *const op_names[GFRAID_OP_COUNT] = {
	"gen_syndrome", "xor_syndrome", "recov", "ec_encode", "ec_update", "ec_update_shards",
	"raid6_check", "ec_check",
};

START_TEST(listing)
{
	int op;

	for (op = 0; op < GFRAID_OP_COUNT; op++) {
		int n = gfraid_impl_count((enum gfraid_op)op), i, found = 0;
		const char *sel = gfraid_impl_selected((enum gfraid_op)op);

		ck_assert_str_eq(gfraid_op_name((enum gfraid_op)op), op_names[op]);
		ck_assert_int_ge(n, 1);
		ck_assert_ptr_nonnull(sel);
		for (i = 0; i < n; i++) {
			const char *name = gfraid_impl_name((enum gfraid_op)op, i);
			int avail = gfraid_impl_available((enum gfraid_op)op, i);

			ck_assert_ptr_nonnull(name);
			ck_assert_msg(avail == 0 || avail == 1, "available() = %d", avail);
			if (strcmp(name, sel) == 0) {
				found = 1;
				ck_assert_int_eq(avail, 1);
			}
		}
		ck_assert_msg(found, "selected %s is not in the table", sel);
		/* base needs nothing and is in every table */
		ck_assert_int_eq(gfraid_impl_force((enum gfraid_op)op, "base"), 0);
		ck_assert_ptr_null(gfraid_impl_name((enum gfraid_op)op, n));
		ck_assert_ptr_null(gfraid_impl_name((enum gfraid_op)op, -1));
		ck_assert_int_eq(gfraid_impl_available((enum gfraid_op)op, n), GFRAID_EINDEX);
	}
	ck_assert_ptr_null(gfraid_op_name(GFRAID_OP_COUNT));
	ck_assert_ptr_null(gfraid_op_name((enum gfraid_op)-1));
	ck_assert_int_eq(gfraid_impl_count(GFRAID_OP_COUNT), GFRAID_EOP);
	ck_assert_ptr_null(gfraid_impl_name((enum gfraid_op)99, 0));
	ck_assert_ptr_null(gfraid_impl_selected((enum gfraid_op)-3));
	ck_assert_int_eq(gfraid_impl_available(GFRAID_OP_COUNT, 0), GFRAID_EOP);
}
END_TEST

START_TEST(force)
{
	int op;

	for (op = 0; op < GFRAID_OP_COUNT; op++) {
		enum gfraid_op o = (enum gfraid_op)op;
		const char *automatic = gfraid_impl_selected(o);
		int i;

		for (i = 0; i < gfraid_impl_count(o); i++) {
			int err = gfraid_impl_force(o, gfraid_impl_name(o, i));

			if (gfraid_impl_available(o, i)) {
				ck_assert_int_eq(err, 0);
				ck_assert_str_eq(gfraid_impl_selected(o), gfraid_impl_name(o, i));
			} else {
				ck_assert_int_eq(err, GFRAID_ENOCPU);
			}
		}
		ck_assert_int_eq(gfraid_impl_force(o, "base"), 0);
		ck_assert_int_eq(gfraid_impl_force(o, "no-such-variant"), GFRAID_ENOIMPL);
		ck_assert_int_eq(gfraid_impl_force(o, ""), GFRAID_ENOIMPL);
		ck_assert_int_eq(gfraid_impl_force(o, "bas"), GFRAID_ENOIMPL);
		ck_assert_str_eq(gfraid_impl_selected(o), "base");
		ck_assert_int_eq(gfraid_impl_force(o, NULL), 0);
		ck_assert_str_eq(gfraid_impl_selected(o), automatic);
	}
	ck_assert_int_eq(gfraid_impl_force(GFRAID_OP_COUNT, "base"), GFRAID_EOP);
	ck_assert_int_eq(gfraid_impl_force((enum gfraid_op)-1, NULL), GFRAID_EOP);
}
END_TEST

/* Selection logic on a made-up table: fast needs bit 0, wide bit 1. */
static const struct gfr_impl fake[] = {
	{ "wide", 1u << 1, NULL, NULL },
	{ "fast", 1u << 0, NULL, NULL },
	{ "base", 0, NULL, NULL },
};

/* Usable: the variant's needs are within the features *ctx. */
static int has_needs(const struct gfr_impl *im, void *ctx)
{
	unsigned int features = *(const unsigned int *)ctx;

	return (im->needs & features) == im->needs;
}

static const char *pick(unsigned int features, const char *setting)
{
	const struct gfr_impl *im = gfr_impl_auto(fake, 3, has_needs, &features, "gen", setting);

	return im ? im->name : "(none)";
}

START_TEST(selection_rules)
{
	const struct gfr_impl *found = NULL;

	/* table order is preference; the first runnable wins */
	ck_assert_str_eq(pick(0, NULL), "base");
	ck_assert_str_eq(pick(1, NULL), "fast");
	ck_assert_str_eq(pick(3, NULL), "wide");
	ck_assert_str_eq(pick(2, NULL), "wide");
	/* GFRAID_IMPL: bare names, op=name, last runnable item wins */
	ck_assert_str_eq(pick(3, "base"), "base");
	ck_assert_str_eq(pick(3, "gen=fast"), "fast");
	ck_assert_str_eq(pick(3, "other=fast"), "wide");
	ck_assert_str_eq(pick(3, "fast,base"), "base");
	ck_assert_str_eq(pick(3, "base,gen=fast"), "fast");
	ck_assert_str_eq(pick(1, "wide"), "fast");	/* not runnable: ignored */
	ck_assert_str_eq(pick(1, "wide,base"), "base");
	ck_assert_str_eq(pick(1, "base,wide"), "base");
	ck_assert_str_eq(pick(3, "nonsense"), "wide");
	ck_assert_str_eq(pick(3, ""), "wide");
	ck_assert_str_eq(pick(3, ",,base,,"), "base");
	ck_assert_str_eq(pick(3, "gen="), "wide");
	ck_assert_str_eq(pick(3, "=base"), "wide");
	ck_assert_str_eq(pick(3, "gen=base=x"), "wide");
	ck_assert_str_eq(pick(3, "basex"), "wide");
	ck_assert_str_eq(pick(3, "bas"), "wide");
	/* no runnable variant at all */
	{
		unsigned int none = 0;

		ck_assert_ptr_null(gfr_impl_auto(fake, 2, has_needs, &none, "gen", NULL));
	}
	/* forcing */
	ck_assert_int_eq(gfr_impl_find(fake, 3, 1, "wide", &found), GFRAID_ENOCPU);
	ck_assert_ptr_null(found);
	ck_assert_int_eq(gfr_impl_find(fake, 3, 1, "nope", &found), GFRAID_ENOIMPL);
	ck_assert_int_eq(gfr_impl_find(fake, 3, 1, "fast", &found), 0);
	ck_assert_ptr_eq(found, &fake[1]);
}
END_TEST

/* The library's choice matches the rules above applied to its own table,
   with GFRAID_IMPL as this process has it (ctest runs this suite with
   and without it). */
START_TEST(selection_matches_setting)
{
	const char *setting = getenv("GFRAID_IMPL");
	int op;

	setenv("GFRAID_CALIBRATE", "0", 1);	/* the table order, not timing */
	for (op = 0; op < GFRAID_OP_COUNT; op++) {
		enum gfraid_op o = (enum gfraid_op)op;
		struct gfr_impl mirror[32];
		int n = gfraid_impl_count(o), i;
		const struct gfr_impl *want;

		ck_assert_int_le(n, 32);
		for (i = 0; i < n; i++) {
			mirror[i].name = gfraid_impl_name(o, i);
			mirror[i].needs = gfraid_impl_available(o, i) ? 0 : 1;
		}
		want = gfr_impl_auto(mirror, n, has_needs, &(unsigned int){ 0 }, gfraid_op_name(o),
				     setting);
		ck_assert_ptr_nonnull(want);
		ck_assert_str_eq(gfraid_impl_selected(o), want->name);
	}
}
END_TEST

/* The registry keeps an op's lines together, ending with base: every line
   of the table is in its op's run, each name once, and each op's run is
   what the public listing shows. */
START_TEST(registry_lines_together)
{
	const struct gfr_impl *all, *first;
	int total = gfr_variants_all(&all), seen = 0, op, i, j;

	for (op = 0; op < GFRAID_OP_COUNT; op++) {
		const struct gfr_op *d = gfr_op((enum gfraid_op)op);
		int n = gfr_op_variants((enum gfraid_op)op, &first);

		ck_assert_int_eq(d->id, op);
		ck_assert_int_eq(n, gfraid_impl_count((enum gfraid_op)op));
		ck_assert_str_eq(first[n - 1].name, "base");
		ck_assert_int_eq(first[n - 1].needs, 0);
		for (i = 0; i < n; i++) {
			ck_assert_ptr_eq(first[i].op, d->variants ? d->variants : d);
			ck_assert_str_eq(first[i].name, gfraid_impl_name((enum gfraid_op)op, i));
			for (j = 0; j < i; j++)
				ck_assert_str_ne(first[i].name, first[j].name);
		}
		if (!d->variants)
			seen += n;
	}
	ck_assert_int_eq(seen, total);
	for (i = 0; i < total; i++) {
		int n = gfr_op_variants(all[i].op->id, &first);

		ck_assert_msg(&all[i] >= first && &all[i] < first + n,
			      "%s of %s is not with the other lines of its op", all[i].name,
			      all[i].op->name);
	}
}
END_TEST

START_TEST(strerror_covers_every_code)
{
	int e;

	for (e = GFRAID_ESELFTEST; e <= GFRAID_OK; e++)
		ck_assert_str_ne(gfraid_strerror(e), "unknown error");
	ck_assert_str_eq(gfraid_strerror(1), "unknown error");
	ck_assert_str_eq(gfraid_strerror(GFRAID_ESELFTEST - 1), "unknown error");
}
END_TEST

int main(void)
{
	const TTest *const tests[] = {
		listing,
		force,
		selection_rules,
		selection_matches_setting,
		registry_lines_together,
		strerror_covers_every_code,
		NULL,
	};

	return run_tests("dispatch", 120, tests, NULL, NULL);
}
