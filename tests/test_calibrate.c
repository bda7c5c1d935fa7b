// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* The calibration: each op's variant timed on the CPU at hand at first
   use, unless GFRAID_IMPL names one (run again with it set), and what the
   library says of it. */
#include <stdlib.h>
#include <string.h>

#include "common.h"

/* With calibration (the default), each op runs the candidate it timed
   fastest, unless GFRAID_IMPL names one; forcing and going back says so. */
START_TEST(calibrated_choice)
{
	const char *setting = getenv("GFRAID_IMPL");
	int op;

	for (op = 0; op < GFRAID_OP_COUNT; op++) {
		enum gfraid_op o = (enum gfraid_op)op;
		int n = gfraid_impl_count(o), i, timed = 0, sel = -1, how = gfraid_impl_how(o);

		for (i = 0; i < n; i++) {
			int t = gfraid_impl_calibration(o, i);

			ck_assert_int_ge(t, 0);
			if (t > 0) {
				timed++;
				ck_assert_int_ge(t, 1000);
				ck_assert_int_eq(gfraid_impl_available(o, i), 1);
			}
			if (!strcmp(gfraid_impl_name(o, i), gfraid_impl_selected(o)))
				sel = i;
		}
		ck_assert_int_ge(sel, 0);
		ck_assert_int_eq(gfraid_impl_calibration(o, n - 1), 0);	/* base: never timed */
		ck_assert_int_eq(gfraid_impl_calibration(o, n), GFRAID_EINDEX);
		if (how == GFRAID_CHOSEN_CALIBRATED) {
			ck_assert_int_ge(timed, 2);
			ck_assert_int_eq(gfraid_impl_calibration(o, sel), 1000);
		} else if (how == GFRAID_CHOSEN_ORDER) {
			ck_assert_int_le(timed, 1);	/* fewer than two to choose between */
		} else {
			ck_assert_int_eq(how, GFRAID_CHOSEN_SETTING);
			ck_assert_ptr_nonnull(setting);
		}
		ck_assert_int_eq(gfraid_impl_force(o, "base"), 0);
		ck_assert_int_eq(gfraid_impl_how(o), GFRAID_CHOSEN_FORCED);
		ck_assert_int_eq(gfraid_impl_force(o, NULL), 0);
		ck_assert_int_eq(gfraid_impl_how(o), how);
		ck_assert_str_eq(gfraid_impl_selected(o), gfraid_impl_name(o, sel));
	}
	ck_assert_int_eq(gfraid_impl_how(GFRAID_OP_COUNT), GFRAID_EOP);
	ck_assert_int_eq(gfraid_impl_calibration(GFRAID_OP_COUNT, 0), GFRAID_EOP);
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
