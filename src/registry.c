/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The variant table, built from the registry (src/variants.h): every
 * variant this build has, with the CPU features it needs; and the list of
 * op descriptors.
 */
#include "ops.h"

#define COUNT_OF(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* A registry line is in the table where its arch is the one being built;
   base (ANY) always is. */
#define GFR_ON_ANY(...) __VA_ARGS__
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

/* A tier the build leaves out (kernel/Kbuild with GFRAID_TABLE_TIERS=n, the
   TABLES tiers) comes with GFR_OMIT_<tier>=1 defined, and its lines are not
   in the table: GFR_IF_KEPT(tier, x) is x unless GFR_OMIT_<tier> is 1. (A
   macro defined as 1 turns GFR_OMIT_TEST_ into a comma, which moves the
   second argument of GFR_SECOND from 1 to 0.) */
#define GFR_OMIT_TEST_1 ,
#define GFR_SECOND(a, b, ...) b
#define GFR_KEPT_2(x) GFR_SECOND(x 0, 1, )
#define GFR_KEPT_1(v) GFR_KEPT_2(GFR_OMIT_TEST_##v)
#define GFR_KEPT(v) GFR_KEPT_1(v)
#define GFR_IF_0(...)
#define GFR_IF_1(...) __VA_ARGS__
#define GFR_IF(c) GFR_IF_PASTE(c)
#define GFR_IF_PASTE(c) GFR_IF_##c
#define GFR_IF_KEPT(tier, ...) GFR_IF(GFR_KEPT(GFR_OMIT_##tier))(__VA_ARGS__)

/* What each tier needs from the CPU and the OS, GFR_NEEDS_<tier>, and
   whether its variants run only where named, GFR_FORCED_<tier>. */
enum { GFR_DISPATCH_AUTO, GFR_DISPATCH_FORCED };
enum {
#define GFR_TIER(tier, flags, needs, dispatch, multiply) \
	GFR_NEEDS_##tier = (needs), GFR_FORCED_##tier = GFR_DISPATCH_##dispatch,
#include "variants.h"
};

/* A variant's name is its function's without its op's prefix; by the
   registry's naming rule, it ends in nt when its stores are non-temporal. */
#define NAME(fn, prefix) (&(#fn)[sizeof(prefix) - 1])
#define NONTEMPORAL(fn) ((#fn)[sizeof(#fn) - 3] == 'n' && (#fn)[sizeof(#fn) - 2] == 't')

static const struct gfr_impl variants[] = {
#define GFR_VARIANT(op, arch, tier, fn) \
	GFR_ON_##arch(GFR_IF_KEPT(tier, { NAME(fn, GFR_PREFIX_##op), GFR_NEEDS_##tier, (gfr_fn)fn, \
					  &gfr_op_##op, NONTEMPORAL(fn), GFR_FORCED_##tier }, ))
#include "variants.h"
};

const struct gfr_op *const gfr_ops[GFRAID_OP_COUNT] = {
#define GFR_OP_ENTRY(name, id) [GFRAID_OP_##id] = &gfr_op_##name,
	GFR_OPS(GFR_OP_ENTRY)
#undef GFR_OP_ENTRY
};

/* The registry keeps an op's lines together (test_dispatch checks it), so
   they are one run of the table. */
int gfr_op_variants(enum gfraid_op op, const struct gfr_impl **first)
{
	const struct gfr_op *own = gfr_ops[op]->variants ? gfr_ops[op]->variants : gfr_ops[op];
	int i = 0, n = 0;

	while (i < COUNT_OF(variants) && variants[i].op != own)
		i++;
	while (i + n < COUNT_OF(variants) && variants[i + n].op == own)
		n++;
	*first = &variants[i];
	return n;
}

int gfr_variants_all(const struct gfr_impl **all)
{
	*all = variants;
	return COUNT_OF(variants);
}
