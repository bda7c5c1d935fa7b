/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Choosing each op's variant per size class and stripe width: among those
 * this CPU runs, that passed their self-test and suit the class, the one GFRAID_IMPL
 * names, else the calibration file's, else the fastest when timed here
 * (calibrate.c), else the first in table order; or the one forced.
 */
#include "ops.h"
#include "calibrate.h"
#include "selftest.h"

const struct gfr_impl *gfr_selected[GFRAID_OP_COUNT][GFRAID_CLASS_COUNT][GFRAID_WIDTH_COUNT];

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

/* Where the CPU does not say: a common L2 and last-level cache of the
   CPUs the library runs on. */
#define L2_DEFAULT ((size_t)512 * 1024)
#define LLC_DEFAULT ((size_t)16 << 20)

/* The part of a shared last-level cache one core's calls can count on,
   at most: on a server part whose cache is shared by dozens of cores,
   one core's calls ran at the memory's speed well within what the CPU
   reported, and timing the classes by that figure took minutes
   (docs/BENCHMARKS.md). */
#define REACH_L2S 32

size_t gfr_l2, gfr_llc_half;

void gfr_caches_init(void)
{
	size_t l2 = gfr_port_l2_bytes(), llc = gfr_port_llc_bytes();

	/* every thread reads the same CPU: a race stores equal values */
	l2 = l2 ? l2 : L2_DEFAULT;
	llc = llc ? llc : LLC_DEFAULT;
	llc = llc / REACH_L2S > l2 ? REACH_L2S * l2 : llc;
	gfr_store_release(&gfr_llc_half, llc / 2 > l2 ? llc / 2 : l2);
	gfr_store_release(&gfr_l2, l2);
}

const char *gfraid_class_name(enum gfraid_class cls)
{
	static const char *const names[GFRAID_CLASS_COUNT] = { "small", "medium", "large",
							       "huge" };

	return (unsigned int)cls < GFRAID_CLASS_COUNT ? names[cls] : NULL;
}

enum gfraid_class gfraid_class_of(int blocks, size_t len)
{
	return gfr_class(blocks, len);
}

const char *gfraid_width_name(enum gfraid_width w)
{
	static const char *const names[GFRAID_WIDTH_COUNT] = { "narrow", "typical", "wide" };

	return (unsigned int)w < GFRAID_WIDTH_COUNT ? names[w] : NULL;
}

int gfraid_width_of(enum gfraid_op op, int members)
{
	return (unsigned int)op < GFRAID_OP_COUNT ? (int)gfr_width_of(op, members)
						  : GFRAID_EOP;
}

int gfr_impl_runnable(const struct gfr_impl *im)
{
	return (im->needs & gfraid_cpu_features()) == im->needs;
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
	if ((im->needs & features) != im->needs)
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
 * Self-test verdicts, one per variant: GFR_VERDICT_UNTESTED until its
 * first use, then set once (a thread that loses the race to set it
 * computed the same answer). whys[] holds the failing case, stored before
 * the verdict.
 */
static int verdicts[GFRAID_OP_COUNT][GFR_VARIANT_LINES];
static const char *whys[GFRAID_OP_COUNT][GFR_VARIANT_LINES];

/* The test hook: does the GFRAID_SELFTEST_CORRUPT setting name im? */
static int corrupted(enum gfraid_op op, const struct gfr_impl *im)
{
	const char *setting = gfr_port_selftest_corrupt(), *name, *end;

	while (next_item(&setting, gfr_op(op)->name, &name, &end))
		if (matches(im->name, name, end))
			return 1;
	return 0;
}

int gfr_verdict(enum gfraid_op op, int i, const char **why)
{
	const struct gfr_impl *first, *im;
	int n = gfr_op_variants(op, &first), v = gfr_load_acquire(&verdicts[op][i]), err;
	const char *reason = NULL;

	if (v != GFR_VERDICT_UNTESTED)
		goto out;
	im = &first[i];
	if (i == n - 1) {
		err = gfr_selftest(op, im, NULL, corrupted(op, im), &reason);
	} else {
		int vb = gfr_verdict(op, n - 1, NULL);

		if (vb == GFR_VERDICT_UNTESTED)
			return vb;
		err = 1;
		reason = "base, the reference it is checked against, failed its known answers";
		if (vb == GFR_VERDICT_PASSED)
			err = gfr_selftest(op, im, &first[n - 1], corrupted(op, im), &reason);
	}
	if (err < 0)
		return GFR_VERDICT_UNTESTED;	/* no memory to test it: not used, asked again later */
	v = err ? GFR_VERDICT_FAILED : GFR_VERDICT_PASSED;
	gfr_store_release(&whys[op][i], reason);
	if (gfr_cas(&verdicts[op][i], GFR_VERDICT_UNTESTED, v) && v == GFR_VERDICT_FAILED)
		gfr_port_warn(gfr_op(op)->name, im->name, reason);
	v = gfr_load_acquire(&verdicts[op][i]);
out:
	if (why)
		*why = v == GFR_VERDICT_FAILED ? gfr_load_acquire(&whys[op][i]) : NULL;
	return v;
}

/* The op, class and width a choice is made for (usable's context). */
struct choosing {
	enum gfraid_op op;
	enum gfraid_class cls;
	enum gfraid_width w;
};

/* Runnable here and past its self-test. */
static int usable_here(const struct gfr_impl *im, void *ctx)
{
	const struct choosing *ch = ctx;
	const struct gfr_impl *first;

	gfr_op_variants(ch->op, &first);
	return gfr_impl_runnable(im) &&
	       gfr_verdict(ch->op, (int)(im - first), NULL) == GFR_VERDICT_PASSED;
}

/* Usable, open to the dispatch (not of a FORCED tier), and suited to the
   class: non-temporal stores only for huge calls, whose parity would
   leave the cache anyway (for blocks that stay in cache they send it to
   memory a caller is about to read it from), and never for an op that
   stores to lines it has just read (GFR_OP_RMW): the store then evicts a
   line the cache holds (docs/BENCHMARKS.md). */
static int suits_class(const struct gfr_impl *im, void *ctx)
{
	const struct choosing *ch = ctx;

	return !im->forced_only &&
	       (!im->nontemporal ||
		(ch->cls == GFRAID_CLASS_HUGE && !(gfr_flags(ch->op) & GFR_OP_RMW))) &&
	       usable_here(im, ctx);
}

/* How each op's variant per class and width was chosen (enum
   gfraid_choice), the variant the calibration chose (once per op, class
   and width), and the scores (0: not timed). */
static int hows[GFRAID_OP_COUNT][GFRAID_CLASS_COUNT][GFRAID_WIDTH_COUNT];
static const struct gfr_impl *calibrated[GFRAID_OP_COUNT][GFRAID_CLASS_COUNT][GFRAID_WIDTH_COUNT];
static unsigned int scores[GFRAID_OP_COUNT][GFRAID_CLASS_COUNT][GFRAID_WIDTH_COUNT]
			  [GFR_VARIANT_LINES];

/* The calibration's choice for op, class and width, timed once among the
   first suitable variants in table order; NULL when there is nothing to
   choose between, or no memory to time them. */
static const struct gfr_impl *calibrated_choice(struct choosing *ch)
{
	enum gfraid_op op = ch->op;
	enum gfraid_class cls = ch->cls;
	enum gfraid_width w = ch->w;
	const struct gfr_impl *cand[GFR_CALIBRATE_MAX], *im = gfr_load_acquire(&calibrated[op][cls][w]);
	const struct gfr_impl *first;
	unsigned int score[GFR_CALIBRATE_MAX];
	int i, n = 0, best, count = gfr_op_variants(op, &first);

	if (im)
		return im;
	for (i = 0; i < count - 1 && n < GFR_CALIBRATE_MAX; i++)	/* not base */
		if (suits_class(&first[i], ch))
			cand[n++] = &first[i];
	if (n < 2)
		return NULL;
	best = gfr_calibrate(op, cls, w, cand, n, score);
	if (best < 0)
		return NULL;
	if (gfr_cas(&calibrated[op][cls][w], (const struct gfr_impl *)NULL, cand[best]))
		for (i = 0; i < n; i++)
			gfr_store_release(&scores[op][cls][w][cand[i] - first], score[i]);
	return gfr_load_acquire(&calibrated[op][cls][w]);
}

/* The calibration file's choice for op, class and width, if it names a
   variant suited to the class here. */
static const struct gfr_impl *file_choice(struct choosing *ch)
{
	const char *name = gfr_port_calibration_file(gfr_op(ch->op)->name,
						     gfraid_class_name(ch->cls),
						     gfraid_width_name(ch->w));
	const struct gfr_impl *first, *im;
	int count = gfr_op_variants(ch->op, &first);

	im = name ? lookup(first, count, name, NULL) : NULL;
	return im && suits_class(im, ch) ? im : NULL;
}

/* GFRAID_IMPL's choice (any usable variant, for every class and width),
   else the calibration file's, else the timing's, else the first suitable
   in table order. */
static const struct gfr_impl *auto_choice(enum gfraid_op op, enum gfraid_class cls,
					  enum gfraid_width w, int *how)
{
	struct choosing ch = { op, cls, w };
	const struct gfr_impl *first;
	int count = gfr_op_variants(op, &first), mode = gfr_port_calibrate(cls);
	const char *name = gfr_op(op)->name;
	const struct gfr_impl *im = gfr_impl_named(first, count, usable_here, &ch, name,
						   gfr_port_impl_setting());

	*how = GFRAID_CHOSEN_SETTING;
	if (!im && mode == GFR_CALIBRATE_FILE) {
		*how = GFRAID_CHOSEN_FILE;
		im = file_choice(&ch);
	}
	if (!im && mode != GFR_CALIBRATE_OFF) {
		*how = GFRAID_CHOSEN_CALIBRATED;
		im = calibrated_choice(&ch);
	}
	if (!im) {
		*how = GFRAID_CHOSEN_ORDER;
		im = gfr_impl_auto(first, count, suits_class, &ch, name, NULL);
	}
	return im;
}

const struct gfr_impl *gfr_impl_timed(enum gfraid_op op, enum gfraid_class cls,
				      enum gfraid_width w)
{
	struct choosing ch = { op, cls, w };
	const struct gfr_impl *first, *im = calibrated_choice(&ch);
	int count = gfr_op_variants(op, &first);

	return im ? im : gfr_impl_auto(first, count, suits_class, &ch, gfr_op(op)->name, NULL);
}

const struct gfr_impl *gfr_impl_base(enum gfraid_op op)
{
	const struct gfr_impl *first;
	int n = gfr_op_variants(op, &first);

	return &first[n - 1];
}

const struct gfr_impl *gfr_impl_init(enum gfraid_op op, enum gfraid_class cls,
				     enum gfraid_width w)
{
	int how;
	const struct gfr_impl *choice = auto_choice(op, cls, w, &how), *stored;

	/* NULL only when even base failed its known answers: the op then
	   refuses to run (GFRAID_ESELFTEST) and is asked again next time. A
	   thread that loses the race, or finds a variant forced meanwhile,
	   runs the stored one; if that was already cleared again (forced
	   back to automatic), it runs its own choice, never none. */
	if (!choice)
		return NULL;
	if (gfr_cas(&gfr_selected[op][cls][w], (const struct gfr_impl *)NULL, choice)) {
		gfr_store_release(&hows[op][cls][w], how);
		return choice;
	}
	stored = gfr_load_acquire(&gfr_selected[op][cls][w]);
	return stored ? stored : choice;
}

int gfr_choice_how(enum gfraid_op op, enum gfraid_class cls, enum gfraid_width w)
{
	gfr_impl_current(op, cls, w);
	return gfr_load_acquire(&hows[op][cls][w]);
}

unsigned int gfr_calibration_score(enum gfraid_op op, enum gfraid_class cls,
				   enum gfraid_width w, int i)
{
	gfr_impl_current(op, cls, w);
	return gfr_load_acquire(&scores[op][cls][w][i]);
}

int gfraid_impl_force(enum gfraid_op op, const char *name)
{
	const struct gfr_impl *im = NULL, *first;
	int cls, w;

	if ((unsigned int)op >= GFRAID_OP_COUNT)
		return GFRAID_EOP;
	if (name) {
		int count = gfr_op_variants(op, &first);
		int err = gfr_impl_find(first, count, gfraid_cpu_features(), name, &im);

		if (err)
			return err;
		if (gfr_verdict(op, (int)(im - first), NULL) != GFR_VERDICT_PASSED)
			return GFRAID_ESELFTEST;
	} else if (gfr_verdict(op, gfr_op_variants(op, &first) - 1, NULL) != GFR_VERDICT_PASSED) {
		return GFRAID_ESELFTEST;	/* not even base: nothing to choose */
	}
	/* NULL: each class and width chooses again at its next call (its
	   calibration, once made, is kept) */
	for (cls = 0; cls < GFRAID_CLASS_COUNT; cls++)
		for (w = 0; w < GFRAID_WIDTH_COUNT; w++) {
			gfr_store_release(&hows[op][cls][w], GFRAID_CHOSEN_FORCED);
			gfr_store_release(&gfr_selected[op][cls][w], im);
		}
	return 0;
}
