/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * What an op is, in one place: its descriptor (struct gfr_op: name,
 * how to call a variant, the calibration case, the self-test cases and
 * known answer, how to prepare a case), its variants (from the registry,
 * src/variants.h), and the one runner every public op goes through.
 * The descriptors live with their family (raid6/ops.c, ec/ops.c); the
 * variant table and the list of descriptors in registry.c; the choice of a
 * variant in select.c; the runner in run.c.
 */
#ifndef GFRAID_OPS_H
#define GFRAID_OPS_H

#include "port.h"
#include "raid6/raid6.h"
#include "ec/ec.h"

/*
 * Each op's variants: their function type (gfr_<op>_fn, by the registry's
 * op names) and the prefix of their functions' names (a variant's name is
 * its function's without it). Every variant works on bytes [off, off +
 * len) of each buffer, so that the runner can bound SIMD sections (the
 * kernel's FPU rule) and a SIMD body can leave its last partial vector to
 * base. Arguments reaching them have been checked by the API (raid6/api.c,
 * ec/api.c): every pointer set, counts and indices in range.
 */

/* RAID-6, Linux's layout: ptrs[0 .. disks-3] data, then P and Q. */
#define GFR_PREFIX_gen_syndrome "gfr_raid6_gen_"
typedef void gfr_gen_syndrome_fn(int disks, size_t off, size_t len, void **ptrs);

/* P and Q ^= the contribution of data disks start..stop. */
#define GFR_PREFIX_xor_syndrome "gfr_raid6_xor_"
typedef void gfr_xor_syndrome_fn(int disks, int start, int stop, size_t off, size_t len,
				 void **ptrs);

/* Two lost data disks faila < failb, or with failb < 0 data disk faila
   and P. */
#define GFR_PREFIX_recov "gfr_raid6_recov_"
typedef void gfr_recov_fn(int disks, size_t off, size_t len, int faila, int failb, void **ptrs);

/* Nonzero when P or Q differs from what the data gives anywhere in [off,
   off + len); reads only, and takes as long whatever the answer. */
#define GFR_PREFIX_raid6_check "gfr_raid6_check_"
typedef int gfr_raid6_check_fn(int disks, size_t off, size_t len, void *const *ptrs);

/* Reed-Solomon, ISA-L's tables (32 bytes per coefficient, row-major over
   rows x k). accumulate: coding ^= the products instead of coding = (the
   multi-shard update runs the encode variants this way). */
#define GFR_PREFIX_ec_encode "gfr_ec_encode_"
typedef void gfr_ec_encode_fn(size_t off, size_t len, int k, int rows, const uint8_t *gftbls,
			      uint8_t *const *data, uint8_t *const *coding, int accumulate);

/* coding ^= the products of data, one shard: col is its column of the
   tables, row r's at col + 32 * k * r. Returns 0. The public entry's own
   arguments in number and order past off, so that it reaches the variant
   with a jump (page-sized updates are made by the million). */
#define GFR_PREFIX_ec_update "gfr_ec_update_"
typedef int gfr_ec_update_fn(size_t off, size_t len, int k, int rows, const uint8_t *col,
			     const uint8_t *data, uint8_t *const *coding);

/* Nonzero when the parity the data gives differs from the stored parity
   coding[0 .. rows) anywhere in [off, off + len), which is only read;
   coding[rows .. 2 rows) is scratch for partial sums, used only when k >
   GFR_EC_CHECK_SCRATCH_K (ec.h; those pointers may be NULL otherwise).
   Takes as long whatever the answer. */
#define GFR_PREFIX_ec_check "gfr_ec_check_"
typedef int gfr_ec_check_fn(size_t off, size_t len, int k, int rows, const uint8_t *gftbls,
			    uint8_t *const *data, uint8_t *const *coding);

/* Every variant, declared with its op's function type (gfr_<op>_fn in
   raid6.h and ec.h): a registry line naming a function of another type
   does not compile. */
#define GFR_VARIANT(op, arch, tier, fn) gfr_##op##_fn fn;
#include "variants.h"

/* The registry's lines, a bound on any op's count of variants. */
enum {
	GFR_VARIANT_LINES = 0
#define GFR_VARIANT(op, arch, tier, fn) + 1
#include "variants.h"
};

/* Any variant's function; its op's call casts it back to its type. */
typedef void (*gfr_fn)(void);

struct gfr_op;

struct gfr_impl {
	const char *name;
	unsigned int needs;	/* GFRAID_CPU_* bits that must all be present */
	gfr_fn fn;
	const struct gfr_op *op;	/* the op whose registry line it is */
	/* Its parity stores bypass the cache (its name ends in nt): a
	   candidate for huge calls only. */
	unsigned char nontemporal;
	/* Its tier's variants run only where named (GFRAID_IMPL,
	   gfraid_impl_force): never timed or chosen by the dispatch. */
	unsigned char forced_only;
};

/*
 * One call of an op, as the runner hands it to a variant in sections of
 * [off, off + len). RAID-6: in is every disk's block, data then P and Q
 * (nin data disks, nout 2). EC: in the nin sources (update: in[0], the
 * shard a), out the nout parity rows (ec_check: then nout scratch rows),
 * tables the coefficient tables (32 bytes each, row-major).
 */
struct gfr_call {
	int nin, nout;
	int a, b;	/* xor start and stop; recov faila and failb (-1: datap); update vec_i */
	size_t off, len;
	uint8_t *const *in;
	uint8_t *const *out;
	const uint8_t *tables;
};

/* One section [off, off + len) of call c by variant function fn of each
   op, its function cast back to its type: 0, or for a check 1 where it
   found a mismatch. The descriptors' call, and inlined where an API entry
   names its op (gfr_run). */
typedef int gfr_call_fn(gfr_fn fn, const struct gfr_call *c, size_t off, size_t len);

static inline int gfr_call_gen_syndrome(gfr_fn fn, const struct gfr_call *c, size_t off,
					size_t len)
{
	((gfr_gen_syndrome_fn *)fn)(c->nin + 2, off, len, (void **)c->in);
	return 0;
}

static inline int gfr_call_xor_syndrome(gfr_fn fn, const struct gfr_call *c, size_t off,
					size_t len)
{
	((gfr_xor_syndrome_fn *)fn)(c->nin + 2, c->a, c->b, off, len, (void **)c->in);
	return 0;
}

static inline int gfr_call_recov(gfr_fn fn, const struct gfr_call *c, size_t off, size_t len)
{
	((gfr_recov_fn *)fn)(c->nin + 2, off, len, c->a, c->b, (void **)c->in);
	return 0;
}

static inline int gfr_call_raid6_check(gfr_fn fn, const struct gfr_call *c, size_t off,
				       size_t len)
{
	return ((gfr_raid6_check_fn *)fn)(c->nin + 2, off, len, (void *const *)c->in) != 0;
}

static inline int gfr_call_ec_encode(gfr_fn fn, const struct gfr_call *c, size_t off, size_t len)
{
	((gfr_ec_encode_fn *)fn)(off, len, c->nin, c->nout, c->tables, c->in, c->out, 0);
	return 0;
}

static inline int gfr_call_ec_update(gfr_fn fn, const struct gfr_call *c, size_t off, size_t len)
{
	return ((gfr_ec_update_fn *)fn)(off, len, c->nin, c->nout, c->tables + (size_t)32 * c->a,
					c->in[0], c->out);
}

/* The multi-shard update: the encode variants accumulating, on the tables
   of the shards being updated, which the API gathers. */
static inline int gfr_call_ec_update_shards(gfr_fn fn, const struct gfr_call *c, size_t off,
					    size_t len)
{
	((gfr_ec_encode_fn *)fn)(off, len, c->nin, c->nout, c->tables, c->in, c->out, 1);
	return 0;
}

static inline int gfr_call_ec_check(gfr_fn fn, const struct gfr_call *c, size_t off, size_t len)
{
	return ((gfr_ec_check_fn *)fn)(off, len, c->nin, c->nout, c->tables, c->in, c->out) != 0;
}

/* A self-test case: nin inputs, nout outputs of len bytes, each buffer
   starting skew bytes past 64-byte alignment, called at the offset where
   the kernel starts a second SIMD section (at_section); a and b as in
   struct gfr_call, or for a check the member made wrong (-1: none) and
   the byte. */
struct gfr_case {
	short nin, nout, len;
	unsigned char skew, at_section;
	short a, b;
	const char *what;
};

/*
 * The known answer base is checked against. Buffer i's window is
 * gfr_selftest_fill(p, len, gfr_selftest_seed(seed, i)); with tables, the
 * nin * nout coefficients (row-major) are the bytes of buffer nin + nout.
 * expect: the nout outputs one after another, which for an op that writes
 * no parity (recov, the checks) is the consistent parity its stripe is
 * made with. passes 2: run again with a2 and b2 as a and b.
 */
struct gfr_kat {
	int nin, nout, len, a, b;
	unsigned int seed;
	const uint8_t *expect;
	int passes, a2, b2;
};

/* What kind of op (its flags in gfr_shapes, gfr_flags). */
#define GFR_OP_TABLES 1u	/* takes EC coefficient tables */
#define GFR_OP_ANSWERS 2u	/* a check: returns whether the stripe is consistent, writes nothing */
#define GFR_OP_SCRATCH 4u	/* nout scratch rows after the outputs (not compared) */
#define GFR_OP_RESTORES 8u	/* its outputs are the lost inputs a and b (b < 0: only a) */
#define GFR_OP_ONE_SOURCE 16u	/* reads one input, in[0]: a case's input a */
#define GFR_OP_SPAN 32u		/* reads only inputs a to b (xor_syndrome) */
#define GFR_OP_RMW 64u		/* stores only to lines it has just read: never non-temporal */

struct gfr_op {
	const char *name;
	enum gfraid_op id;
	const struct gfr_op *variants;	/* whose registry lines it runs (NULL: its own) */
	gfr_call_fn *call;	/* gfr_call_<name> */
	/* nin, nout, a, b of the cases timed, one per enum gfraid_width */
	struct gfr_call calibration[GFRAID_WIDTH_COUNT];
	const struct gfr_case *cases;
	int ncases;
	struct gfr_kat kat;
	/* After every buffer is filled: the case's stripe made consistent
	   (parity: base's, or the known answer's where not NULL), then made
	   wrong or its lost windows spoilt; NULL where nothing is to do. */
	void (*prepare)(const struct gfr_case *c, const struct gfr_call *call,
			const uint8_t *parity, unsigned int seed);
};

/* Every op's descriptor, gfr_op_<name> (raid6/ops.c, ec/ops.c), for
   GFRAID_OP_<ID>: the list registry.c indexes them by. */
#define GFR_OPS(X) \
	X(gen_syndrome, GEN_SYNDROME) X(xor_syndrome, XOR_SYNDROME) X(recov, RECOV) \
	X(raid6_check, RAID6_CHECK) X(ec_encode, EC_ENCODE) X(ec_update, EC_UPDATE) \
	X(ec_update_shards, EC_UPDATE_SHARDS) X(ec_check, EC_CHECK)
#define GFR_OP_DECLARE(name, id) extern const struct gfr_op gfr_op_##name;
GFR_OPS(GFR_OP_DECLARE)
#undef GFR_OP_DECLARE

/* Each op's shape: its flags and widths (the most members of a narrow
   and of a typical stripe: the midpoints of the first two and the last
   two calibration cases' members, which test_dispatch checks), in
   gfr_shapes, which the compiler folds at a call whose op is a constant:
   a page-sized call's class and width cost a few compares. */
#define GFR_FLAGS_GEN_SYNDROME 0u
#define GFR_WIDTHS_GEN_SYNDROME { 8, 13 }
#define GFR_FLAGS_XOR_SYNDROME (GFR_OP_SPAN | GFR_OP_RMW)
#define GFR_WIDTHS_XOR_SYNDROME { 8, 13 }
#define GFR_FLAGS_RECOV GFR_OP_RESTORES
#define GFR_WIDTHS_RECOV { 8, 13 }
#define GFR_FLAGS_RAID6_CHECK GFR_OP_ANSWERS
#define GFR_WIDTHS_RAID6_CHECK { 8, 13 }
#define GFR_FLAGS_EC_ENCODE GFR_OP_TABLES
#define GFR_WIDTHS_EC_ENCODE { 10, 17 }
#define GFR_FLAGS_EC_UPDATE (GFR_OP_TABLES | GFR_OP_ONE_SOURCE)
#define GFR_WIDTHS_EC_UPDATE { 4, 7 }
#define GFR_FLAGS_EC_UPDATE_SHARDS (GFR_OP_TABLES | GFR_OP_RMW)	/* accumulates onto the parity */
#define GFR_WIDTHS_EC_UPDATE_SHARDS { 6, 10 }
#define GFR_FLAGS_EC_CHECK (GFR_OP_TABLES | GFR_OP_ANSWERS | GFR_OP_SCRATCH)
#define GFR_WIDTHS_EC_CHECK { 10, 17 }

struct gfr_shape {
	unsigned int flags;
	int widths[2];
};

#define GFR_SHAPE(name, id) [GFRAID_OP_##id] = { GFR_FLAGS_##id, GFR_WIDTHS_##id },
static const struct gfr_shape gfr_shapes[GFRAID_OP_COUNT] = { GFR_OPS(GFR_SHAPE) };
#undef GFR_SHAPE

static inline unsigned int gfr_flags(enum gfraid_op op)
{
	return gfr_shapes[op].flags;
}

/* registry.c: op's descriptor, and its variants (the registry's lines for
   its op, in order, base last): their count and the first. */
extern const struct gfr_op *const gfr_ops[GFRAID_OP_COUNT];

static inline const struct gfr_op *gfr_op(enum gfraid_op op)
{
	return gfr_ops[op];
}

int gfr_op_variants(enum gfraid_op op, const struct gfr_impl **first);
/* The whole table, every op's lines (for the test that they are kept
   together). */
int gfr_variants_all(const struct gfr_impl **all);

/* run.c: bytes per section so that a SIMD section touches at most
   `section` bytes of `buffers` blocks; a multiple of 256, so vectors stay
   aligned. GFR_KERNEL_SECTION is the kernel's (port.h). */
size_t gfr_section_len(size_t bytes, int buffers, size_t section);

/*
 * The runner: variant im of op over c, in sections of at most
 * GFR_SIMD_SECTION bytes of buffers, SIMD ones between gfr_simd_begin and
 * gfr_simd_end. Checks nothing. Returns 0, or for a check 1 where the
 * stripe is not consistent.
 */
int gfr_run_impl(enum gfraid_op op, const struct gfr_impl *im, const struct gfr_call *c);

/* gfr_run_impl where op is a constant, by call (its gfr_call_<name>): in
   userspace, where a call is one section, straight to the variant. */
static inline int gfr_run_on(enum gfraid_op op, gfr_call_fn *call, const struct gfr_impl *im,
			     const struct gfr_call *c)
{
	return GFR_SIMD_BOUNDED ? gfr_run_impl(op, im, c) : call(im->fn, c, c->off, c->len);
}

/* Blocks of at most this many bytes are GFRAID_CLASS_SMALL. */
#define GFR_SMALL_MAX ((size_t)16 * 1024)

/* select.c: this CPU's L2 cache per core and half of its last-level
   cache, in bytes (defaults where the CPU does not say), read once. */
extern size_t gfr_l2, gfr_llc_half;
void gfr_caches_init(void);

static inline size_t gfr_cache_bytes(size_t *p)
{
	size_t v = gfr_load_acquire(p);

	if (!v) {
		gfr_caches_init();
		v = gfr_load_acquire(p);
	}
	return v;
}

static inline size_t gfr_l2_bytes(void)
{
	return gfr_cache_bytes(&gfr_l2);
}

static inline size_t gfr_llc_half_bytes(void)
{
	return gfr_cache_bytes(&gfr_llc_half);
}

/* The class of a call on blocks blocks of len bytes, or -1 where that
   needs the cache sizes and they are not read yet (gfr_caches_init). */
static inline int gfr_class_known(int blocks, size_t len)
{
	size_t l2, all;

	if (len <= GFR_SMALL_MAX)
		return GFRAID_CLASS_SMALL;
	l2 = gfr_load_acquire(&gfr_l2);	/* stored last: with it, half is there */
	if (!l2)
		return -1;
	/* the blocks' bytes together, multiplied: no division on the way of
	   every call */
	if (__builtin_mul_overflow(len, (size_t)(blocks < 1 ? 1 : blocks), &all))
		return GFRAID_CLASS_HUGE;
	if (all <= l2)
		return GFRAID_CLASS_MEDIUM;
	return all <= gfr_load_acquire(&gfr_llc_half) ? GFRAID_CLASS_LARGE : GFRAID_CLASS_HUGE;
}

static inline enum gfraid_class gfr_class(int blocks, size_t len)
{
	int cls = gfr_class_known(blocks, len);

	if (cls < 0) {
		gfr_caches_init();
		cls = gfr_class_known(blocks, len);
	}
	return (enum gfraid_class)cls;
}

/* The blocks a call of an op with these flags reads or writes
   (gfraid_class_of). */
static inline int gfr_shape_blocks(unsigned int flags, const struct gfr_call *c)
{
	if (flags & GFR_OP_ONE_SOURCE)
		return 1 + c->nout;
	if (flags & GFR_OP_SPAN)
		return c->b - c->a + 1 + c->nout;
	return c->nin + c->nout;
}

/* The members of a call's stripe (gfraid_width_of): its blocks, but every
   disk for an op that reads a span of them. */
static inline int gfr_shape_members(unsigned int flags, const struct gfr_call *c)
{
	return flags & GFR_OP_SPAN ? c->nin + c->nout : gfr_shape_blocks(flags, c);
}

static inline int gfr_call_blocks(const struct gfr_op *d, const struct gfr_call *c)
{
	return gfr_shape_blocks(gfr_flags(d->id), c);
}

static inline int gfr_call_members(const struct gfr_op *d, const struct gfr_call *c)
{
	return gfr_shape_members(gfr_flags(d->id), c);
}

/* The width of a stripe of op with `members` members: narrow up to the
   midpoint of the first two calibration cases' members, wide past the
   midpoint of the last two's. */
static inline enum gfraid_width gfr_width_of(enum gfraid_op op, int members)
{
	/* counted, not branched: with compares, a one-page update took 5 ns
	   more a call on an AMD Zen 5, in fewer instructions */
	return (enum gfraid_width)((members > gfr_shapes[op].widths[0]) +
				   (members > gfr_shapes[op].widths[1]));
}

/* select.c: the variant op runs now for calls of class cls and width w,
   or NULL when none passed its self-test. */
extern const struct gfr_impl *gfr_selected[GFRAID_OP_COUNT][GFRAID_CLASS_COUNT]
					  [GFRAID_WIDTH_COUNT];
const struct gfr_impl *gfr_impl_init(enum gfraid_op op, enum gfraid_class cls,
				     enum gfraid_width w);

static inline const struct gfr_impl *gfr_impl_current(enum gfraid_op op, enum gfraid_class cls,
						      enum gfraid_width w)
{
	const struct gfr_impl *im = gfr_load_acquire(&gfr_selected[op][cls][w]);

	return im ? im : gfr_impl_init(op, cls, w);
}

/* op's base variant, the last of its table. */
const struct gfr_impl *gfr_impl_base(enum gfraid_op op);

/* The variant a call of op runs here and now: the current one, or base
   where that one needs the FPU and this context may not use it (kernel;
   userspace always may). */
static inline const struct gfr_impl *gfr_impl_here(enum gfraid_op op, enum gfraid_class cls,
						   enum gfraid_width w)
{
	const struct gfr_impl *im = gfr_impl_current(op, cls, w);

	return im && im->needs && !gfr_simd_usable() ? gfr_impl_base(op) : im;
}

/* The variant a call c of op runs here and now, by its class and width. */
static inline const struct gfr_impl *gfr_impl_for(enum gfraid_op op, const struct gfr_call *c)
{
	unsigned int flags = gfr_flags(op);

	return gfr_impl_here(op, gfr_class(gfr_shape_blocks(flags, c), c->len),
			     gfr_width_of(op, gfr_shape_members(flags, c)));
}

/* run.c: gfr_run where the variant is not chosen yet, the cache sizes are
   not read yet, or (kernel) the FPU is to be asked for. */
int gfr_run_first(enum gfraid_op op, const struct gfr_call *c);

/* The variant chosen for calls of op like c, or NULL where none is chosen
   yet or the cache sizes are not read yet (gfr_run_first's way). */
static inline const struct gfr_impl *gfr_impl_chosen(enum gfraid_op op, const struct gfr_call *c)
{
	unsigned int flags = gfr_flags(op);
	int cls = gfr_class_known(gfr_shape_blocks(flags, c), c->len);

	return cls < 0 ? NULL
		       : gfr_load_acquire(&gfr_selected[op][cls][gfr_width_of(
				 op, gfr_shape_members(flags, c))]);
}

/* A public op's way in: c with the variant op runs here and now for c's
   class and width, by call (op's gfr_call_<name>, which the compiler
   inlines); GFRAID_ESELFTEST when none passed its self-test. A call that
   runs in pieces (the checks, the multi-shard update) takes gfr_impl_for
   once, for the whole call, and hands each piece to gfr_run_on, so that
   one variant serves it all. */
static inline int gfr_run(enum gfraid_op op, gfr_call_fn *call, const struct gfr_call *c)
{
	const struct gfr_impl *im;
	struct gfr_call first;

	/* the kernel asks for the FPU around each section, on the first way */
	if (GFR_SIMD_BOUNDED)
		return gfr_run_first(op, c);
	/* where the variant is chosen, straight to it with no other call on
	   the way, so that the entry saves no registers: page-sized calls are
	   made by the million */
	im = gfr_impl_chosen(op, c);
	if (im)
		return call(im->fn, c, c->off, c->len);
	/* a copy, so that the entry builds a call in memory on this way alone */
	first = *c;
	return gfr_run_first(op, &first);
}

/*
 * Look name up in impls[0..count-1]: 0 and *found set, GFRAID_ENOIMPL, or
 * GFRAID_ENOCPU when features lack what it needs. Exposed for tests.
 */
int gfr_impl_find(const struct gfr_impl *impls, int count, unsigned int features,
		  const char *name, const struct gfr_impl **found);

/* The last item of setting (GFRAID_IMPL syntax) that names a usable
   variant of op_name, or NULL. */
const struct gfr_impl *gfr_impl_named(const struct gfr_impl *impls, int count,
				      int (*usable)(const struct gfr_impl *im, void *ctx),
				      void *ctx, const char *op_name, const char *setting);

/*
 * The choice for one op by table order: the last item of setting (the
 * GFRAID_IMPL syntax) that names a usable variant of op_name, else the
 * first usable variant in table order; usable(im, ctx) says which are
 * (runnable here and past their self-test). NULL if none is usable.
 * Exposed for tests.
 */
const struct gfr_impl *gfr_impl_auto(const struct gfr_impl *impls, int count,
				     int (*usable)(const struct gfr_impl *im, void *ctx),
				     void *ctx, const char *op_name, const char *setting);

/* select.c, for the query API (query.c): the self-test verdict of
   variant i of op (running it if need be), the failing case, how op's
   variant for class cls and width w was chosen and variant i's score in
   that calibration. */
enum { GFR_VERDICT_UNTESTED, GFR_VERDICT_PASSED, GFR_VERDICT_FAILED };
int gfr_verdict(enum gfraid_op op, int i, const char **why);
int gfr_impl_runnable(const struct gfr_impl *im);
int gfr_choice_how(enum gfraid_op op, enum gfraid_class cls, enum gfraid_width w);
/* The choice for op, class and width by timing alone (made now if not
   made yet; table order where there is nothing to time), whatever the
   calibration file says: what the file records. NULL if nothing is
   usable. */
const struct gfr_impl *gfr_impl_timed(enum gfraid_op op, enum gfraid_class cls,
				      enum gfraid_width w);
unsigned int gfr_calibration_score(enum gfraid_op op, enum gfraid_class cls,
				   enum gfraid_width w, int i);

#endif /* GFRAID_OPS_H */
