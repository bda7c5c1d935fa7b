/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The variant tables: for each op, every variant with the CPU features it
 * needs, in order of preference, built from the registry (src/variants.h);
 * and the choice among them (self-test, calibration, settings).
 */
#include "dispatch.h"
#include "calibrate.h"
#include "selftest.h"

#define COUNT_OF(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* A registry line is in the tables where its arch is the one being built. */
#if defined(__x86_64__)
#define GFR_ON_X86_64(...) __VA_ARGS__
#else
#define GFR_ON_X86_64(...)
#endif
#if defined(__aarch64__) && (!defined(__KERNEL__) || defined(CONFIG_KERNEL_MODE_NEON))
#define GFR_ON_AARCH64(...) __VA_ARGS__
#else
#define GFR_ON_AARCH64(...)
#endif

/* What each tier needs from the CPU and the OS: GFR_NEEDS_<tier>. */
enum {
#define GFR_TIER(tier, flags, needs) GFR_NEEDS_##tier = (needs),
#include "variants.h"
};

/* A variant's name is its function's without the op's prefix. */
#define NAME(fn, prefix) (&(#fn)[sizeof(prefix) - 1])

/* Order: as the registry lists them (src/variants.h); base last. */
static const struct gfr_impl gen_impls[] = {
#define GFR_GEN(arch, tier, file, fn) \
	GFR_ON_##arch({ NAME(fn, "gfr_raid6_gen_"), GFR_NEEDS_##tier, { .gen = fn } }, )
#include "variants.h"
	{ "base", 0, { .gen = gfr_raid6_gen_base } },
};

static const struct gfr_impl xor_impls[] = {
#define GFR_XOR(arch, tier, file, fn) \
	GFR_ON_##arch({ NAME(fn, "gfr_raid6_xor_"), GFR_NEEDS_##tier, { .xor_syndrome = fn } }, )
#include "variants.h"
	{ "base", 0, { .xor_syndrome = gfr_raid6_xor_base } },
};

static const struct gfr_impl recov_impls[] = {
#define GFR_RECOV(arch, tier, file, fn_2data, fn_datap) \
	GFR_ON_##arch({ NAME(fn_2data, "gfr_raid6_2data_"), GFR_NEEDS_##tier, \
			{ .recov = { fn_2data, fn_datap } } }, )
#include "variants.h"
	{ "base", 0, { .recov = { gfr_raid6_2data_base, gfr_raid6_datap_base } } },
};

static const struct gfr_impl encode_impls[] = {
#define GFR_ENCODE(arch, tier, file, fn) \
	GFR_ON_##arch({ NAME(fn, "gfr_ec_encode_"), GFR_NEEDS_##tier, { .encode = fn } }, )
#include "variants.h"
	{ "base", 0, { .encode = gfr_ec_encode_base } },
};

static const struct gfr_impl update_impls[] = {
#define GFR_UPDATE(arch, tier, file, fn) \
	GFR_ON_##arch({ NAME(fn, "gfr_ec_update_"), GFR_NEEDS_##tier, { .update = fn } }, )
#include "variants.h"
	{ "base", 0, { .update = gfr_ec_update_base } },
};

static const struct gfr_impl check_impls[] = {
#define GFR_CHECK(arch, tier, file, fn) \
	GFR_ON_##arch({ NAME(fn, "gfr_raid6_check_"), GFR_NEEDS_##tier, { .check = fn } }, )
#include "variants.h"
	{ "base", 0, { .check = gfr_raid6_check_base } },
};

static const struct gfr_impl ec_check_impls[] = {
#define GFR_EC_CHECK(arch, tier, file, fn) \
	GFR_ON_##arch({ NAME(fn, "gfr_ec_check_"), GFR_NEEDS_##tier, { .ec_check = fn } }, )
#include "variants.h"
	{ "base", 0, { .ec_check = gfr_ec_check_base } },
};

static const struct op_table {
	const char *name;
	const struct gfr_impl *impls;
	int count;
} ops[GFRAID_OP_COUNT] = {
	[GFRAID_OP_GEN_SYNDROME] = { "gen_syndrome", gen_impls, COUNT_OF(gen_impls) },
	[GFRAID_OP_XOR_SYNDROME] = { "xor_syndrome", xor_impls, COUNT_OF(xor_impls) },
	[GFRAID_OP_RECOV] = { "recov", recov_impls, COUNT_OF(recov_impls) },
	[GFRAID_OP_EC_ENCODE] = { "ec_encode", encode_impls, COUNT_OF(encode_impls) },
	[GFRAID_OP_EC_UPDATE] = { "ec_update", update_impls, COUNT_OF(update_impls) },
	/* the multi-shard update runs the encode kernels, accumulating: the
	   same variants, tested, timed and chosen as an op of their own */
	[GFRAID_OP_EC_UPDATE_SHARDS] = { "ec_update_shards", encode_impls, COUNT_OF(encode_impls) },
	[GFRAID_OP_RAID6_CHECK] = { "raid6_check", check_impls, COUNT_OF(check_impls) },
	[GFRAID_OP_EC_CHECK] = { "ec_check", ec_check_impls, COUNT_OF(ec_check_impls) },
};

/* Every table ends with base, the reference the others are checked against. */
#define MAX_IMPLS 32
_Static_assert(COUNT_OF(gen_impls) <= MAX_IMPLS && COUNT_OF(xor_impls) <= MAX_IMPLS &&
		       COUNT_OF(recov_impls) <= MAX_IMPLS && COUNT_OF(encode_impls) <= MAX_IMPLS &&
		       COUNT_OF(update_impls) <= MAX_IMPLS && COUNT_OF(check_impls) <= MAX_IMPLS &&
		       COUNT_OF(ec_check_impls) <= MAX_IMPLS,
	       "raise MAX_IMPLS");

const struct gfr_impl *gfr_selected[GFRAID_OP_COUNT];

/* Set once with this bit, so a CPU with no features is not probed twice. */
#define FEATURES_PROBED (1u << 31)
static unsigned int cpu_features;

unsigned int gfraid_cpu_features(void)
{
	unsigned int f = gfr_load_acquire(&cpu_features);

	if (!(f & FEATURES_PROBED)) {
		/* Every thread probes the same CPU: a race stores equal values. */
		f = gfr_port_cpu_probe() | FEATURES_PROBED;
		gfr_store_release(&cpu_features, f);
	}
	return f & ~FEATURES_PROBED;
}

static int valid_op(enum gfraid_op op)
{
	return (unsigned int)op < GFRAID_OP_COUNT;
}

static int runnable(const struct gfr_impl *im, unsigned int features)
{
	return (im->needs & features) == im->needs;
}

/* The NUL-terminated z equals s, which ends at end, or at its NUL when
   end is NULL. (No strlen/strcmp: the core calls no libc.) */
static int matches(const char *z, const char *s, const char *end)
{
	while (*z && (end ? s < end : *s != '\0') && *z == *s) {
		z++;
		s++;
	}
	return *z == '\0' && (end ? s == end : *s == '\0');
}

static const struct gfr_impl *lookup(const struct gfr_impl *impls, int count,
				     const char *name, const char *end)
{
	int i;

	for (i = 0; i < count; i++)
		if (matches(impls[i].name, name, end))
			return &impls[i];
	return NULL;
}

/*
 * The next item of a setting in GFRAID_IMPL syntax ("name" or "op=name"
 * items, comma-separated) that applies to op_name: 1 with its name in
 * [*name, *end), or 0 when there are no more.
 */
static int next_item(const char **setting, const char *op_name, const char **name,
		     const char **end)
{
	while (*setting && **setting) {
		const char *item = *setting, *eq = NULL, *e = item;

		while (*e && *e != ',') {
			if (*e == '=' && !eq)
				eq = e;
			e++;
		}
		*setting = *e ? e + 1 : e;
		if (eq && !matches(op_name, item, eq))
			continue;
		*name = eq ? eq + 1 : item;
		*end = e;
		return 1;
	}
	return 0;
}

int gfr_impl_find(const struct gfr_impl *impls, int count, unsigned int features,
		  const char *name, const struct gfr_impl **found)
{
	const struct gfr_impl *im = lookup(impls, count, name, NULL);

	if (!im)
		return GFRAID_ENOIMPL;
	if (!runnable(im, features))
		return GFRAID_ENOCPU;
	*found = im;
	return 0;
}

const struct gfr_impl *gfr_impl_named(const struct gfr_impl *impls, int count,
				      int (*usable)(const struct gfr_impl *im, void *ctx),
				      void *ctx, const char *op_name, const char *setting)
{
	const struct gfr_impl *choice = NULL;
	const char *name, *end;

	/* The last item naming a usable variant of this op wins. */
	while (next_item(&setting, op_name, &name, &end)) {
		const struct gfr_impl *im = lookup(impls, count, name, end);

		if (im && usable(im, ctx))
			choice = im;
	}
	return choice;
}

const struct gfr_impl *gfr_impl_auto(const struct gfr_impl *impls, int count,
				     int (*usable)(const struct gfr_impl *im, void *ctx),
				     void *ctx, const char *op_name, const char *setting)
{
	const struct gfr_impl *choice = gfr_impl_named(impls, count, usable, ctx, op_name, setting);
	int i;

	for (i = 0; i < count && !choice; i++)
		if (usable(&impls[i], ctx))
			choice = &impls[i];
	return choice;
}

/*
 * Self-test verdicts, one per variant: VERDICT_UNTESTED until its first
 * use, then set once (a thread that loses the race to set it computed the
 * same answer). why[] holds the failing case, stored before the verdict.
 */
enum { VERDICT_UNTESTED, VERDICT_PASSED, VERDICT_FAILED };
static int verdicts[GFRAID_OP_COUNT][MAX_IMPLS];
static const char *whys[GFRAID_OP_COUNT][MAX_IMPLS];

/* The test hook: does the GFRAID_SELFTEST_CORRUPT setting name im? */
static int corrupted(enum gfraid_op op, const struct gfr_impl *im)
{
	const char *setting = gfr_port_selftest_corrupt(), *name, *end;

	while (next_item(&setting, ops[op].name, &name, &end))
		if (matches(im->name, name, end))
			return 1;
	return 0;
}

static int verdict(enum gfraid_op op, const struct gfr_impl *im)
{
	const struct op_table *t = &ops[op];
	const struct gfr_impl *base = &t->impls[t->count - 1];
	int i = (int)(im - t->impls), v = gfr_load_acquire(&verdicts[op][i]);
	const char *why = NULL;
	int err;

	if (v != VERDICT_UNTESTED)
		return v;
	if (im == base) {
		err = gfr_selftest(op, im, NULL, corrupted(op, im), &why);
	} else {
		int vb = verdict(op, base);

		if (vb == VERDICT_UNTESTED)
			return VERDICT_UNTESTED;
		err = 1;
		why = "base, the reference it is checked against, failed its known answers";
		if (vb == VERDICT_PASSED)
			err = gfr_selftest(op, im, base, corrupted(op, im), &why);
	}
	if (err < 0)
		return VERDICT_UNTESTED;	/* no memory to test it: not used, asked again later */
	v = err ? VERDICT_FAILED : VERDICT_PASSED;
	gfr_store_release(&whys[op][i], why);
	if (gfr_cas(&verdicts[op][i], VERDICT_UNTESTED, v) && v == VERDICT_FAILED)
		gfr_port_warn(t->name, im->name, why);
	return v;
}

static int usable_here(const struct gfr_impl *im, void *ctx)
{
	enum gfraid_op op = *(const enum gfraid_op *)ctx;

	return runnable(im, gfraid_cpu_features()) && verdict(op, im) == VERDICT_PASSED;
}

/* How each op's variant was chosen (enum gfraid_choice), the variant the
   calibration chose (once per op), and its scores (0: not timed). */
static int hows[GFRAID_OP_COUNT];
static const struct gfr_impl *calibrated[GFRAID_OP_COUNT];
static unsigned int scores[GFRAID_OP_COUNT][MAX_IMPLS];

/* The fastest usable variant here, timed once per op among the first
   usable ones in table order; NULL when calibration is off, there is
   nothing to choose between, or no memory to time them. */
static const struct gfr_impl *calibrated_choice(enum gfraid_op op)
{
	const struct op_table *t = &ops[op];
	const struct gfr_impl *cand[GFR_CALIBRATE_MAX], *im = gfr_load_acquire(&calibrated[op]);
	unsigned int score[GFR_CALIBRATE_MAX];
	int i, n = 0, best;

	if (im || !gfr_port_calibrate())
		return im;
	for (i = 0; i < t->count - 1 && n < GFR_CALIBRATE_MAX; i++)	/* not base */
		if (usable_here(&t->impls[i], &op))
			cand[n++] = &t->impls[i];
	if (n < 2)
		return NULL;
	best = gfr_calibrate(op, cand, n, score);
	if (best < 0)
		return NULL;
	if (gfr_cas(&calibrated[op], (const struct gfr_impl *)NULL, cand[best]))
		for (i = 0; i < n; i++)
			gfr_store_release(&scores[op][cand[i] - t->impls], score[i]);
	return gfr_load_acquire(&calibrated[op]);
}

/* GFRAID_IMPL's choice, else the calibration's, else table order. */
static const struct gfr_impl *auto_choice(enum gfraid_op op, int *how)
{
	const struct op_table *t = &ops[op];
	const struct gfr_impl *im = gfr_impl_named(t->impls, t->count, usable_here, &op, t->name,
						   gfr_port_impl_setting());

	*how = GFRAID_CHOSEN_SETTING;
	if (!im) {
		*how = GFRAID_CHOSEN_CALIBRATED;
		im = calibrated_choice(op);
	}
	if (!im) {
		*how = GFRAID_CHOSEN_ORDER;
		im = gfr_impl_auto(t->impls, t->count, usable_here, &op, t->name, NULL);
	}
	return im;
}

const struct gfr_impl *gfr_impl_base(enum gfraid_op op)
{
	return &ops[op].impls[ops[op].count - 1];
}

const struct gfr_impl *gfr_impl_init(enum gfraid_op op)
{
	int how;
	const struct gfr_impl *choice = auto_choice(op, &how);

	/* NULL only when even base failed its known answers: the op then
	   refuses to run (GFRAID_ESELFTEST) and is asked again next time. A
	   thread that loses the race, or finds a variant forced meanwhile,
	   keeps the stored one. */
	if (choice && gfr_cas(&gfr_selected[op], (const struct gfr_impl *)NULL, choice))
		gfr_store_release(&hows[op], how);
	return gfr_load_acquire(&gfr_selected[op]);
}

int gfraid_impl_how(enum gfraid_op op)
{
	if (!valid_op(op))
		return GFRAID_EOP;
	gfr_impl_current(op);
	return gfr_load_acquire(&hows[op]);
}

int gfraid_impl_calibration(enum gfraid_op op, int i)
{
	if (!valid_op(op))
		return GFRAID_EOP;
	if (i < 0 || i >= ops[op].count)
		return GFRAID_EINDEX;
	gfr_impl_current(op);
	return (int)gfr_load_acquire(&scores[op][i]);
}

const char *gfraid_op_name(enum gfraid_op op)
{
	return valid_op(op) ? ops[op].name : NULL;
}

int gfraid_impl_count(enum gfraid_op op)
{
	return valid_op(op) ? ops[op].count : GFRAID_EOP;
}

const char *gfraid_impl_name(enum gfraid_op op, int i)
{
	if (!valid_op(op) || i < 0 || i >= ops[op].count)
		return NULL;
	return ops[op].impls[i].name;
}

int gfraid_impl_status(enum gfraid_op op, int i, const char **why)
{
	const struct gfr_impl *im;
	const char *reason = NULL;
	int status;

	if (!valid_op(op))
		return GFRAID_EOP;
	if (i < 0 || i >= ops[op].count)
		return GFRAID_EINDEX;
	im = &ops[op].impls[i];
	if (!runnable(im, gfraid_cpu_features())) {
		status = GFRAID_IMPL_NOCPU;
		reason = "this CPU or OS lacks an instruction set it needs";
	} else {
		switch (verdict(op, im)) {
		case VERDICT_PASSED:
			status = GFRAID_IMPL_USABLE;
			break;
		case VERDICT_FAILED:
			status = GFRAID_IMPL_FAILED;
			reason = gfr_load_acquire(&whys[op][i]);
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

const char *gfraid_impl_selected(enum gfraid_op op)
{
	const struct gfr_impl *im;

	if (!valid_op(op))
		return NULL;
	im = gfr_impl_current(op);
	return im ? im->name : "(none: every variant failed its self-test)";
}

int gfraid_impl_force(enum gfraid_op op, const char *name)
{
	const struct gfr_impl *im;

	int how = GFRAID_CHOSEN_FORCED;

	if (!valid_op(op))
		return GFRAID_EOP;
	if (!name) {
		im = auto_choice(op, &how);
		if (!im)
			return GFRAID_ESELFTEST;
	} else {
		int err = gfr_impl_find(ops[op].impls, ops[op].count, gfraid_cpu_features(),
					name, &im);
		if (err)
			return err;
		if (verdict(op, im) != VERDICT_PASSED)
			return GFRAID_ESELFTEST;
	}
	gfr_store_release(&gfr_selected[op], im);
	gfr_store_release(&hows[op], how);
	return 0;
}

int gfr_impl_run(enum gfraid_op op, const struct gfr_impl *im, const struct gfr_run *r,
		 uint8_t **p, const uint8_t *tbl)
{
	size_t step = gfr_section_len(r->len, r->nin + r->nout), end = r->off + r->len, off, n;
	int disks = r->nin + 2, mismatch = 0;

	for (off = r->off; off < end; off += n) {
		n = end - off < step ? end - off : step;
		if (im->needs)
			gfr_simd_begin();
		switch (op) {
		case GFRAID_OP_GEN_SYNDROME:
			im->fn.gen(disks, off, n, (void **)p);
			break;
		case GFRAID_OP_XOR_SYNDROME:
			im->fn.xor_syndrome(disks, r->a, r->b, off, n, (void **)p);
			break;
		case GFRAID_OP_RECOV:
			if (r->b < 0)
				im->fn.recov.datap(disks, off, n, r->a, (void **)p);
			else
				im->fn.recov.data2(disks, off, n, r->a, r->b, (void **)p);
			break;
		case GFRAID_OP_EC_ENCODE:
			im->fn.encode(off, n, r->nin, r->nout, tbl, p, p + r->nin, 0);
			break;
		case GFRAID_OP_EC_CHECK:
			mismatch |= im->fn.ec_check(off, n, r->nin, r->nout, tbl, p, p + r->nin);
			break;
		case GFRAID_OP_EC_UPDATE:
			im->fn.update(off, n, r->nin, r->nout, r->a, tbl, p[r->a], p + r->nin);
			break;
		case GFRAID_OP_EC_UPDATE_SHARDS:
			im->fn.encode(off, n, r->nin, r->nout, tbl, p, p + r->nin, 1);
			break;
		case GFRAID_OP_RAID6_CHECK:
			mismatch |= im->fn.check(disks, off, n, (void *const *)p);
			break;
		case GFRAID_OP_COUNT:
			break;
		}
		if (im->needs)
			gfr_simd_end();
	}
	return mismatch;
}
