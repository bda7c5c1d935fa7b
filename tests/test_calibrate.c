// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* The calibration: each op's variant per size class and width timed on
   the CPU at hand at first use, unless GFRAID_IMPL names one (run again with it set),
   and what the library says of it. */
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "calibrate.h"
#include "ops.h"

static int nontemporal(const char *name)
{
	size_t n = strlen(name);

	return n > 2 && !strcmp(name + n - 2, "nt");
}

/* The ops that store to lines they have just read: never non-temporal. */
static int rmw(enum gfraid_op o)
{
	return o == GFRAID_OP_XOR_SYNDROME || o == GFRAID_OP_EC_UPDATE_SHARDS;
}

/* One op, class and width, calibrated: the choice scores 1000; every timed
   variant is usable, of a tier the dispatch may choose (not FORCED), and
   suits the class (non-temporal ones only for huge blocks, never for a
   read-modify-write); the choice is the first in
   table order within the class's margin of the fastest (scores are
   rounded to thousandths: 2 of slack). */
static void check_calibrated(enum gfraid_op o, enum gfraid_class c, enum gfraid_width w, int sel)
{
	int n = gfraid_impl_count(o), i, timed = 0, fastest = 1000000;
	int margin = 1000 + (int)gfr_calibrate_margin[c];
	const struct gfr_impl *first;

	ck_assert_int_eq(gfr_op_variants(o, &first), n);

	for (i = 0; i < n; i++) {
		int t = gfraid_impl_calibration(o, c, w, i);

		ck_assert_int_ge(t, 0);
		if (!t)
			continue;
		timed++;
		fastest = t < fastest ? t : fastest;
		ck_assert_int_eq(gfraid_impl_available(o, i), 1);
		ck_assert_msg(!first[i].forced_only, "%s of %s timed, though its tier is FORCED",
			      gfraid_impl_name(o, i), gfraid_op_name(o));
		ck_assert_msg(!nontemporal(gfraid_impl_name(o, i)) ||
				      (c == GFRAID_CLASS_HUGE && !rmw(o)),
			      "%s of %s timed for %s blocks", gfraid_impl_name(o, i), gfraid_op_name(o),
			      gfraid_class_name(c));
	}
	ck_assert_int_ge(timed, 2);
	ck_assert_int_eq(gfraid_impl_calibration(o, c, w, sel), 1000);
	ck_assert_int_le(1000 * 1000, fastest * margin + 2000);
	for (i = 0; i < sel; i++) {
		int t = gfraid_impl_calibration(o, c, w, i);

		ck_assert_msg(!t || t * 1000 + 2000 > fastest * margin,
			      "%s %s %s: %s (%d) is within the margin of the fastest (%d) and comes "
			      "first", gfraid_op_name(o), gfraid_class_name(c), gfraid_width_name(w),
			      gfraid_impl_name(o, i), t, fastest);
	}
}

/* With calibration (the default), each op, class and width runs the candidate
   the rule above picks, unless GFRAID_IMPL names one; forcing and going
   back says so. */
START_TEST(calibrated_choice)
{
	const char *setting = getenv("GFRAID_IMPL");
	int op, c, w;

	for (op = 0; op < GFRAID_OP_COUNT; op++)
		for (c = 0; c < GFRAID_CLASS_COUNT * GFRAID_WIDTH_COUNT; c++) {
			enum gfraid_op o = (enum gfraid_op)op;
			enum gfraid_class cls = (enum gfraid_class)(c / GFRAID_WIDTH_COUNT);
			enum gfraid_width wd = (enum gfraid_width)(c % GFRAID_WIDTH_COUNT);
			int n = gfraid_impl_count(o), i, timed = 0, sel = -1;
			int how = gfraid_impl_how(o, cls, wd);

			for (i = 0; i < n; i++) {
				timed += gfraid_impl_calibration(o, cls, wd, i) > 0;
				if (!strcmp(gfraid_impl_name(o, i), gfraid_impl_selected(o, cls, wd)))
					sel = i;
			}
			ck_assert_int_ge(sel, 0);
			ck_assert_int_eq(gfraid_impl_calibration(o, cls, wd, n - 1), 0);	/* base */
			ck_assert_int_eq(gfraid_impl_calibration(o, cls, wd, n), GFRAID_EINDEX);
			if (how == GFRAID_CHOSEN_CALIBRATED) {
				check_calibrated(o, cls, wd, sel);
			} else if (how == GFRAID_CHOSEN_ORDER) {
				ck_assert_int_le(timed, 1);	/* fewer than two to choose between */
			} else if (how == GFRAID_CHOSEN_FILE) {
				/* a calibration file on this machine (ec-cli calibrate):
				   nothing timed, the named variant usable */
				ck_assert_int_eq(timed, 0);
				ck_assert_int_eq(gfraid_impl_available(o, sel), 1);
			} else {
				ck_assert_int_eq(how, GFRAID_CHOSEN_SETTING);
				ck_assert_ptr_nonnull(setting);
			}
			if (how != GFRAID_CHOSEN_SETTING)
				ck_assert_msg(!nontemporal(gfraid_impl_name(o, sel)) ||
					      (cls == GFRAID_CLASS_HUGE &&
					       !rmw(o)),
					      "%s chose %s for %s blocks", gfraid_op_name(o),
					      gfraid_impl_name(o, sel), gfraid_class_name(cls));
			ck_assert_int_eq(gfraid_impl_force(o, "base"), 0);
			ck_assert_int_eq(gfraid_impl_how(o, cls, wd), GFRAID_CHOSEN_FORCED);
			ck_assert_int_eq(gfraid_impl_force(o, NULL), 0);
			ck_assert_int_eq(gfraid_impl_how(o, cls, wd), how);
			ck_assert_str_eq(gfraid_impl_selected(o, cls, wd), gfraid_impl_name(o, sel));
		}
	w = GFRAID_WIDTH_TYPICAL;
	ck_assert_int_eq(gfraid_impl_how(GFRAID_OP_COUNT, GFRAID_CLASS_SMALL, w), GFRAID_EOP);
	ck_assert_int_eq(gfraid_impl_how(GFRAID_OP_GEN_SYNDROME, GFRAID_CLASS_COUNT, w),
			 GFRAID_ECLASS);
	ck_assert_int_eq(gfraid_impl_how(GFRAID_OP_GEN_SYNDROME, GFRAID_CLASS_SMALL,
					 GFRAID_WIDTH_COUNT),
			 GFRAID_EWIDTH);
	ck_assert_int_eq(gfraid_impl_calibration(GFRAID_OP_COUNT, GFRAID_CLASS_SMALL, w, 0),
			 GFRAID_EOP);
	ck_assert_int_eq(gfraid_impl_calibration(GFRAID_OP_GEN_SYNDROME, (enum gfraid_class)-1, w,
						 0),
			 GFRAID_ECLASS);
	ck_assert_int_eq(gfraid_impl_calibration(GFRAID_OP_GEN_SYNDROME, GFRAID_CLASS_SMALL,
						 (enum gfraid_width)-1, 0),
			 GFRAID_EWIDTH);
}
END_TEST

int main(void)
{
	const TTest *const tests[] = {
		calibrated_choice,
		NULL,
	};

	return run_tests("calibrate", 120, tests, NULL, NULL);
}
