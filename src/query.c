/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* The public questions about ops and their variants (gfraid.h). */
#include "ops.h"

static int valid_op(enum gfraid_op op)
{
	return (unsigned int)op < GFRAID_OP_COUNT;
}

static int valid_impl(enum gfraid_op op, int i)
{
	const struct gfr_impl *first;

	return i >= 0 && i < gfr_op_variants(op, &first);
}

const char *gfraid_op_name(enum gfraid_op op)
{
	return valid_op(op) ? gfr_op(op)->name : NULL;
}

int gfraid_impl_count(enum gfraid_op op)
{
	const struct gfr_impl *first;

	return valid_op(op) ? gfr_op_variants(op, &first) : GFRAID_EOP;
}

const char *gfraid_impl_name(enum gfraid_op op, int i)
{
	const struct gfr_impl *first;

	if (!valid_op(op) || !valid_impl(op, i))
		return NULL;
	gfr_op_variants(op, &first);
	return first[i].name;
}

int gfraid_impl_status(enum gfraid_op op, int i, const char **why)
{
	const struct gfr_impl *first;
	const char *reason = NULL;
	int status;

	if (!valid_op(op))
		return GFRAID_EOP;
	if (!valid_impl(op, i))
		return GFRAID_EINDEX;
	gfr_op_variants(op, &first);
	if (!gfr_impl_runnable(&first[i])) {
		status = GFRAID_IMPL_NOCPU;
		reason = "this CPU or OS lacks an instruction set it needs";
	} else {
		switch (gfr_verdict(op, i, &reason)) {
		case GFR_VERDICT_PASSED:
			status = GFRAID_IMPL_USABLE;
			break;
		case GFR_VERDICT_FAILED:
			status = GFRAID_IMPL_FAILED;
			break;
		default:
			status = GFRAID_IMPL_UNTESTED;
			reason = "no memory to run its self-test";
			break;
		}
	}
	if (why)
		*why = reason;
	return status;
}

int gfraid_impl_available(enum gfraid_op op, int i)
{
	int status = gfraid_impl_status(op, i, NULL);

	return status < 0 ? status : status == GFRAID_IMPL_USABLE;
}

static int valid_class(enum gfraid_class cls)
{
	return (unsigned int)cls < GFRAID_CLASS_COUNT;
}

static int valid_width(enum gfraid_width w)
{
	return (unsigned int)w < GFRAID_WIDTH_COUNT;
}

/* 0, or the error for a bad op, class or width. */
static int check_slot(enum gfraid_op op, enum gfraid_class cls, enum gfraid_width w)
{
	if (!valid_op(op))
		return GFRAID_EOP;
	if (!valid_class(cls))
		return GFRAID_ECLASS;
	return valid_width(w) ? 0 : GFRAID_EWIDTH;
}

int gfraid_width_timed(enum gfraid_op op, enum gfraid_width w)
{
	if (!valid_op(op))
		return GFRAID_EOP;
	if (!valid_width(w))
		return GFRAID_EWIDTH;
	return gfr_call_members(gfr_op(op), &gfr_op(op)->calibration[w]);
}

const char *gfraid_impl_selected(enum gfraid_op op, enum gfraid_class cls, enum gfraid_width w)
{
	const struct gfr_impl *im;

	if (check_slot(op, cls, w))
		return NULL;
	im = gfr_impl_current(op, cls, w);
	return im ? im->name : "(none: every variant failed its self-test)";
}

const char *gfraid_choice_name(int how)
{
	static const char *const names[] = {
		[GFRAID_CHOSEN_ORDER] = "first suitable in table order (timing off, or one candidate)",
		[GFRAID_CHOSEN_CALIBRATED] = "fastest when timed here",
		[GFRAID_CHOSEN_SETTING] = "named in GFRAID_IMPL (gfraid.ko: impl=)",
		[GFRAID_CHOSEN_FORCED] = "forced",
		[GFRAID_CHOSEN_FILE] = "from the calibration file",
	};

	return how >= 0 && how < (int)(sizeof(names) / sizeof(names[0])) ? names[how] : NULL;
}

int gfraid_impl_how(enum gfraid_op op, enum gfraid_class cls, enum gfraid_width w)
{
	int err = check_slot(op, cls, w);

	return err ? err : gfr_choice_how(op, cls, w);
}

int gfraid_impl_calibration(enum gfraid_op op, enum gfraid_class cls, enum gfraid_width w,
			    int i)
{
	int err = check_slot(op, cls, w);

	if (err)
		return err;
	if (!valid_impl(op, i))
		return GFRAID_EINDEX;
	return (int)gfr_calibration_score(op, cls, w, i);
}
