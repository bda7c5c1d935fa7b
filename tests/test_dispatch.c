// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/* The variant table, selection, forcing, GFRAID_IMPL and CPU probing (the
   calibration: test_calibrate.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "ops.h"

/* Every class and width: a slot, class slot / GFRAID_WIDTH_COUNT. */
#define SLOTS (GFRAID_CLASS_COUNT * GFRAID_WIDTH_COUNT)

static const char *selected(enum gfraid_op op, int slot)
{
	return gfraid_impl_selected(op, (enum gfraid_class)(slot / GFRAID_WIDTH_COUNT),
				    (enum gfraid_width)(slot % GFRAID_WIDTH_COUNT));
}

static const char *const op_names[GFRAID_OP_COUNT] = {
	"gen_syndrome", "xor_syndrome", "recov", "ec_encode", "ec_update", "ec_update_shards",
	"raid6_check", "ec_check",
};

START_TEST(listing)
{
	int op;

	for (op = 0; op < GFRAID_OP_COUNT; op++) {
		int n = gfraid_impl_count((enum gfraid_op)op), i, c, found = 0;

		ck_assert_str_eq(gfraid_op_name((enum gfraid_op)op), op_names[op]);
		ck_assert_int_ge(n, 1);
		for (c = 0; c < SLOTS; c++) {
			const char *sel = selected((enum gfraid_op)op, c);

			ck_assert_ptr_nonnull(sel);
			for (i = 0; i < n; i++) {
				const char *name = gfraid_impl_name((enum gfraid_op)op, i);
				int avail = gfraid_impl_available((enum gfraid_op)op, i);

				ck_assert_ptr_nonnull(name);
				ck_assert_msg(avail == 0 || avail == 1, "available() = %d", avail);
				if (strcmp(name, sel) == 0) {
					found++;
					ck_assert_int_eq(avail, 1);
				}
			}
		}
		ck_assert_msg(found == SLOTS, "a selected variant is not in the table");
		ck_assert_ptr_null(gfraid_impl_selected((enum gfraid_op)op, GFRAID_CLASS_COUNT,
							GFRAID_WIDTH_NARROW));
		ck_assert_ptr_null(gfraid_impl_selected((enum gfraid_op)op, GFRAID_CLASS_SMALL,
							GFRAID_WIDTH_COUNT));
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
	ck_assert_ptr_null(gfraid_impl_selected((enum gfraid_op)-3, GFRAID_CLASS_SMALL,
						GFRAID_WIDTH_NARROW));
	ck_assert_int_eq(gfraid_impl_available(GFRAID_OP_COUNT, 0), GFRAID_EOP);
}
END_TEST

START_TEST(force)
{
	int op;

	for (op = 0; op < GFRAID_OP_COUNT; op++) {
		enum gfraid_op o = (enum gfraid_op)op;
		const char *automatic[SLOTS];
		int i, c;

		for (c = 0; c < SLOTS; c++)
			automatic[c] = selected(o, c);
		for (i = 0; i < gfraid_impl_count(o); i++) {
			int err = gfraid_impl_force(o, gfraid_impl_name(o, i));

			if (!gfraid_impl_available(o, i)) {
				ck_assert_int_eq(err, GFRAID_ENOCPU);
				continue;
			}
			ck_assert_int_eq(err, 0);
			for (c = 0; c < SLOTS; c++)	/* every class and width */
				ck_assert_str_eq(selected(o, c), gfraid_impl_name(o, i));
		}
		ck_assert_int_eq(gfraid_impl_force(o, "base"), 0);
		ck_assert_int_eq(gfraid_impl_force(o, "no-such-variant"), GFRAID_ENOIMPL);
		ck_assert_int_eq(gfraid_impl_force(o, ""), GFRAID_ENOIMPL);
		ck_assert_int_eq(gfraid_impl_force(o, "bas"), GFRAID_ENOIMPL);
		for (c = 0; c < SLOTS; c++)
			ck_assert_str_eq(selected(o, c), "base");
		ck_assert_int_eq(gfraid_impl_force(o, NULL), 0);
		for (c = 0; c < SLOTS; c++)
			ck_assert_str_eq(selected(o, c), automatic[c]);
	}
	ck_assert_int_eq(gfraid_impl_force(GFRAID_OP_COUNT, "base"), GFRAID_EOP);
	ck_assert_int_eq(gfraid_impl_force((enum gfraid_op)-1, NULL), GFRAID_EOP);
}
END_TEST

/* Selection logic on a made-up table: fast needs bit 0, wide bit 1. */
static const struct gfr_impl fake[] = {
	{ "wide", 1u << 1, NULL, NULL, 0, 0 },
	{ "fast", 1u << 0, NULL, NULL, 0, 0 },
	{ "base", 0, NULL, NULL, 0, 0 },
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
	int op, c;

	setenv("GFRAID_CALIBRATE", "0", 1);	/* the table order, not timing */
	for (op = 0; op < GFRAID_OP_COUNT; op++)
		for (c = 0; c < SLOTS; c++) {
			enum gfraid_op o = (enum gfraid_op)op;
			enum gfraid_class cls = (enum gfraid_class)(c / GFRAID_WIDTH_COUNT);
			struct gfr_impl usable[32], suited[32];
			const struct gfr_impl *want, *first;
			int n = gfraid_impl_count(o), i, how;
			const char *name;

			ck_assert_int_le(n, 32);
			ck_assert_int_eq(gfr_op_variants(o, &first), n);
			for (i = 0; i < n; i++) {
				name = gfraid_impl_name(o, i);
				usable[i].name = suited[i].name = name;
				usable[i].needs = gfraid_impl_available(o, i) ? 0 : 1;
				/* never a FORCED tier's; non-temporal stores
				   only for huge calls, never for a
				   read-modify-write */
				suited[i].needs = usable[i].needs || first[i].forced_only ||
						  ((cls != GFRAID_CLASS_HUGE ||
						    (gfr_flags(o) & GFR_OP_RMW)) &&
						   !strcmp(name + strlen(name) - 2, "nt"));
			}
			/* GFRAID_IMPL holds for every class and width; else the
			   first suited */
			want = gfr_impl_named(usable, n, has_needs, &(unsigned int){ 0 },
					      gfraid_op_name(o), setting);
			how = want ? GFRAID_CHOSEN_SETTING : GFRAID_CHOSEN_ORDER;
			if (!want)
				want = gfr_impl_auto(suited, n, has_needs, &(unsigned int){ 0 },
						     gfraid_op_name(o), NULL);
			ck_assert_ptr_nonnull(want);
			ck_assert_str_eq(selected(o, c), want->name);
			ck_assert_int_eq(gfraid_impl_how(o, cls, (enum gfraid_width)(c % GFRAID_WIDTH_COUNT)),
					 how);
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

/* The classes' bounds: small up to 16 KiB a block, medium while the
   call's blocks fit in L2, large while they fit in half of the last-level
   cache, huge beyond. */
START_TEST(size_classes)
{
	size_t l2, half;
	int b;

	ck_assert_int_eq(gfraid_class_of(1, 0), GFRAID_CLASS_SMALL);
	ck_assert_int_eq(gfraid_class_of(300, 16384), GFRAID_CLASS_SMALL);
	ck_assert_int_eq(gfraid_class_of(1, SIZE_MAX), GFRAID_CLASS_HUGE);
	l2 = gfr_l2_bytes();
	half = gfr_llc_half_bytes();
	ck_assert_uint_ge(l2, 64 * 1024);
	ck_assert_uint_ge(half, l2);
	for (b = 1; b <= 40; b++) {
		size_t edge = l2 / (size_t)b, top = half / (size_t)b;

		if (edge > 16384) {
			ck_assert_int_eq(gfraid_class_of(b, edge), GFRAID_CLASS_MEDIUM);
			ck_assert_int_eq(gfraid_class_of(b, edge + 1),
					 edge + 1 <= top ? GFRAID_CLASS_LARGE : GFRAID_CLASS_HUGE);
		}
		if (top > edge && top > 16384) {
			ck_assert_int_eq(gfraid_class_of(b, top), GFRAID_CLASS_LARGE);
			ck_assert_int_eq(gfraid_class_of(b, top + 1), GFRAID_CLASS_HUGE);
		}
	}
	/* fewer than one block counts as one */
	ck_assert_int_eq(gfraid_class_of(0, l2), GFRAID_CLASS_MEDIUM);
	ck_assert_int_eq(gfraid_class_of(-5, l2), GFRAID_CLASS_MEDIUM);
	ck_assert_str_eq(gfraid_class_name(GFRAID_CLASS_SMALL), "small");
	ck_assert_str_eq(gfraid_class_name(GFRAID_CLASS_MEDIUM), "medium");
	ck_assert_str_eq(gfraid_class_name(GFRAID_CLASS_LARGE), "large");
	ck_assert_str_eq(gfraid_class_name(GFRAID_CLASS_HUGE), "huge");
	ck_assert_ptr_null(gfraid_class_name(GFRAID_CLASS_COUNT));
	ck_assert_ptr_null(gfraid_class_name((enum gfraid_class)-1));
}
END_TEST

/* The widths' bounds: the midpoints of the members of the op's three
   timed stripes (RAID-6 6, 10 and 16 disks; the one-shard update 3, 5
   and 9 blocks); xor_syndrome by its disks. */
START_TEST(stripe_widths)
{
	static const struct {
		enum gfraid_op op;
		int timed[GFRAID_WIDTH_COUNT];
	} ops[] = {
		{ GFRAID_OP_GEN_SYNDROME, { 6, 10, 16 } },
		{ GFRAID_OP_XOR_SYNDROME, { 6, 10, 16 } },
		{ GFRAID_OP_EC_ENCODE, { 6, 14, 20 } },
		{ GFRAID_OP_EC_UPDATE, { 3, 5, 9 } },
		{ GFRAID_OP_EC_UPDATE_SHARDS, { 4, 8, 12 } },
	};
	int i, w, m, t[GFRAID_WIDTH_COUNT];

	for (i = 0; i < (int)(sizeof(ops) / sizeof(ops[0])); i++)
		for (w = 0; w < GFRAID_WIDTH_COUNT; w++)
			ck_assert_int_eq(gfraid_width_timed(ops[i].op, (enum gfraid_width)w),
					 ops[i].timed[w]);
	/* every op's written-out widths are the midpoints of what it times */
	for (i = 0; i < GFRAID_OP_COUNT; i++) {
		for (w = 0; w < GFRAID_WIDTH_COUNT; w++)
			t[w] = gfraid_width_timed((enum gfraid_op)i, (enum gfraid_width)w);
		for (m = -1; m <= 300; m++) {
			int want = 2 * m <= t[0] + t[1] ? GFRAID_WIDTH_NARROW
				   : 2 * m <= t[1] + t[2] ? GFRAID_WIDTH_TYPICAL
							  : GFRAID_WIDTH_WIDE;

			ck_assert_int_eq(gfraid_width_of((enum gfraid_op)i, m), want);
		}
	}
	ck_assert_int_eq(gfraid_width_of(GFRAID_OP_GEN_SYNDROME, 8), GFRAID_WIDTH_NARROW);
	ck_assert_int_eq(gfraid_width_of(GFRAID_OP_GEN_SYNDROME, 9), GFRAID_WIDTH_TYPICAL);
	ck_assert_int_eq(gfraid_width_of(GFRAID_OP_GEN_SYNDROME, 13), GFRAID_WIDTH_TYPICAL);
	ck_assert_int_eq(gfraid_width_of(GFRAID_OP_GEN_SYNDROME, 14), GFRAID_WIDTH_WIDE);
	ck_assert_int_eq(gfraid_width_of(GFRAID_OP_COUNT, 6), GFRAID_EOP);
	ck_assert_int_eq(gfraid_width_timed(GFRAID_OP_COUNT, GFRAID_WIDTH_NARROW), GFRAID_EOP);
	ck_assert_int_eq(gfraid_width_timed(GFRAID_OP_GEN_SYNDROME, GFRAID_WIDTH_COUNT),
			 GFRAID_EWIDTH);
	ck_assert_str_eq(gfraid_width_name(GFRAID_WIDTH_NARROW), "narrow");
	ck_assert_str_eq(gfraid_width_name(GFRAID_WIDTH_TYPICAL), "typical");
	ck_assert_str_eq(gfraid_width_name(GFRAID_WIDTH_WIDE), "wide");
	ck_assert_ptr_null(gfraid_width_name(GFRAID_WIDTH_COUNT));
	ck_assert_ptr_null(gfraid_width_name((enum gfraid_width)-1));
}
END_TEST

/* The registry's naming rule gives the non-temporal flag. */
START_TEST(nontemporal_by_name)
{
	const struct gfr_impl *all;
	int n = gfr_variants_all(&all), i, seen = 0;

	for (i = 0; i < n; i++) {
		size_t len = strlen(all[i].name);
		int nt = len > 2 && !strcmp(all[i].name + len - 2, "nt");

		ck_assert_msg(all[i].nontemporal == nt, "%s of %s: nontemporal %d", all[i].name,
			      all[i].op->name, all[i].nontemporal);
		seen += nt;
	}
#if defined(__x86_64__)
	ck_assert_int_gt(seen, 0);
#endif
}
END_TEST

/* The registry's FORCED column reaches the table: the nasm encode, twin of
   the C one, runs where named and is never the automatic choice. */
START_TEST(forced_tier)
{
	const struct gfr_impl *all;
	int n = gfr_variants_all(&all), i, c, asm_at = -1, forced = 0;

	for (i = 0; i < n; i++) {
		int is_asm = !strcmp(all[i].name, "avx512_gfni_asm");

		ck_assert_msg(all[i].forced_only == is_asm, "%s of %s: forced_only %d",
			      all[i].name, all[i].op->name, all[i].forced_only);
		forced += all[i].forced_only;
	}
#if defined(__x86_64__)
	ck_assert_int_eq(forced, 1);
#endif
	for (i = 0; i < gfraid_impl_count(GFRAID_OP_EC_ENCODE); i++)
		if (!strcmp(gfraid_impl_name(GFRAID_OP_EC_ENCODE, i), "avx512_gfni_asm"))
			asm_at = i;
	if (asm_at < 0 || !gfraid_impl_available(GFRAID_OP_EC_ENCODE, asm_at)) {
		fprintf(stderr, "forced_tier: no avx512_gfni_asm runs here; forcing not tried\n");
		return;
	}
	ck_assert_int_eq(gfraid_impl_force(GFRAID_OP_EC_ENCODE, "avx512_gfni_asm"), 0);
	for (c = 0; c < SLOTS; c++)
		ck_assert_str_eq(selected(GFRAID_OP_EC_ENCODE, c), "avx512_gfni_asm");
	ck_assert_int_eq(gfraid_impl_force(GFRAID_OP_EC_ENCODE, NULL), 0);
	if (getenv("GFRAID_IMPL"))
		return;
	for (c = 0; c < SLOTS; c++)
		ck_assert_str_ne(selected(GFRAID_OP_EC_ENCODE, c), "avx512_gfni_asm");
}
END_TEST

/* Stand-ins installed as one op's choice per class (or per width, the
   first three), counting their calls: a call runs the variant of its own
   class and width. */
static int runs[GFRAID_CLASS_COUNT];

#define COUNTING(cls) \
	static void gen_##cls(int disks, size_t off, size_t len, void **ptrs) \
	{ \
		(void)disks, (void)off, (void)len, (void)ptrs; \
		runs[cls]++; \
	} \
	static void xor_##cls(int disks, int start, int stop, size_t off, size_t len, void **ptrs) \
	{ \
		(void)disks, (void)start, (void)stop, (void)off, (void)len, (void)ptrs; \
		runs[cls]++; \
	} \
	static int update_##cls(size_t off, size_t len, int k, int rows, const uint8_t *col, \
				const uint8_t *data, uint8_t *const *coding) \
	{ \
		(void)off, (void)len, (void)k, (void)rows, (void)col, (void)data, (void)coding; \
		runs[cls]++; \
		return 0; \
	}
COUNTING(GFRAID_CLASS_SMALL)
COUNTING(GFRAID_CLASS_MEDIUM)
COUNTING(GFRAID_CLASS_LARGE)
COUNTING(GFRAID_CLASS_HUGE)

static const struct gfr_impl counting[3][GFRAID_CLASS_COUNT] = {
	{ { "s", 0, (gfr_fn)gen_GFRAID_CLASS_SMALL, &gfr_op_gen_syndrome, 0, 0 },
	  { "m", 0, (gfr_fn)gen_GFRAID_CLASS_MEDIUM, &gfr_op_gen_syndrome, 0, 0 },
	  { "l", 0, (gfr_fn)gen_GFRAID_CLASS_LARGE, &gfr_op_gen_syndrome, 0, 0 },
	  { "h", 0, (gfr_fn)gen_GFRAID_CLASS_HUGE, &gfr_op_gen_syndrome, 0, 0 } },
	{ { "s", 0, (gfr_fn)xor_GFRAID_CLASS_SMALL, &gfr_op_xor_syndrome, 0, 0 },
	  { "m", 0, (gfr_fn)xor_GFRAID_CLASS_MEDIUM, &gfr_op_xor_syndrome, 0, 0 },
	  { "l", 0, (gfr_fn)xor_GFRAID_CLASS_LARGE, &gfr_op_xor_syndrome, 0, 0 },
	  { "h", 0, (gfr_fn)xor_GFRAID_CLASS_HUGE, &gfr_op_xor_syndrome, 0, 0 } },
	{ { "s", 0, (gfr_fn)update_GFRAID_CLASS_SMALL, &gfr_op_ec_update, 0, 0 },
	  { "m", 0, (gfr_fn)update_GFRAID_CLASS_MEDIUM, &gfr_op_ec_update, 0, 0 },
	  { "l", 0, (gfr_fn)update_GFRAID_CLASS_LARGE, &gfr_op_ec_update, 0, 0 },
	  { "h", 0, (gfr_fn)update_GFRAID_CLASS_HUGE, &gfr_op_ec_update, 0, 0 } },
};

static void install(int which, enum gfraid_op op)
{
	int c, w;

	for (c = 0; c < GFRAID_CLASS_COUNT; c++)
		for (w = 0; w < GFRAID_WIDTH_COUNT; w++)
			gfr_selected[op][c][w] = &counting[which][c];
	memset(runs, 0, sizeof(runs));
}

/* Stand-in w for width w of every class. */
static void install_widths(int which, enum gfraid_op op)
{
	int c, w;

	for (c = 0; c < GFRAID_CLASS_COUNT; c++)
		for (w = 0; w < GFRAID_WIDTH_COUNT; w++)
			gfr_selected[op][c][w] = &counting[which][w];
	memset(runs, 0, sizeof(runs));
}

/* Which class's stand-in ran the call (-1: none, or more than one). */
static int ran(void)
{
	int c, which = -1;

	for (c = 0; c < GFRAID_CLASS_COUNT; c++)
		if (runs[c])
			which = which < 0 ? c : -2;
	memset(runs, 0, sizeof(runs));
	return which < 0 ? -1 : which;
}

START_TEST(calls_run_their_class)
{
	size_t l2 = gfr_l2_bytes(), half = gfr_llc_half_bytes();
	/* the medium length for 3 blocks is large for 10 (huge where the
	   last-level cache is no larger than L2); huge lengths for 10 blocks
	   and for 5 (the stand-ins touch no memory) */
	size_t len3 = (l2 / 3) & ~(size_t)63, len = len3 > 16384 ? len3 : 0;
	size_t huge10 = (half / 10 + 64) & ~(size_t)63, huge5 = (half / 5 + 64) & ~(size_t)63;
	enum gfraid_class large = 10 * len <= half ? GFRAID_CLASS_LARGE : GFRAID_CLASS_HUGE;
	uint8_t *mem = calloc(10, len3 + 64), tbl[32 * 10 * 4] = { 0 };
	void *ptrs[10];
	uint8_t *coding[4];
	int i;

	ck_assert_ptr_nonnull(mem);
	ck_assert_msg(len, "L2 of %zu bytes: no medium length for 3 blocks that is large for 10",
		      l2);
	for (i = 0; i < 10; i++)
		ptrs[i] = mem + (size_t)i * (len3 + 64);
	for (i = 0; i < 4; i++)
		coding[i] = (uint8_t *)ptrs[6 + i];

	install(0, GFRAID_OP_GEN_SYNDROME);
	ck_assert_int_eq(gfraid_gen_syndrome(10, 4096, ptrs), 0);
	ck_assert_int_eq(ran(), GFRAID_CLASS_SMALL);
	ck_assert_int_eq(gfraid_gen_syndrome(3, len, ptrs), 0);
	ck_assert_int_eq(ran(), GFRAID_CLASS_MEDIUM);
	ck_assert_int_eq(gfraid_gen_syndrome(10, len, ptrs), 0);
	ck_assert_int_eq(ran(), large);
	ck_assert_int_eq(gfraid_gen_syndrome(10, huge10, ptrs), 0);
	ck_assert_int_eq(ran(), GFRAID_CLASS_HUGE);
	ck_assert_int_eq(gfraid_impl_force(GFRAID_OP_GEN_SYNDROME, NULL), 0);

	/* an RMW of one disk of ten touches three blocks */
	install(1, GFRAID_OP_XOR_SYNDROME);
	ck_assert_int_eq(gfraid_xor_syndrome(10, 2, 2, 4096, ptrs), 0);
	ck_assert_int_eq(ran(), GFRAID_CLASS_SMALL);
	ck_assert_int_eq(gfraid_xor_syndrome(10, 2, 2, len, ptrs), 0);
	ck_assert_int_eq(ran(), GFRAID_CLASS_MEDIUM);
	ck_assert_int_eq(gfraid_xor_syndrome(10, 0, 7, len, ptrs), 0);
	ck_assert_int_eq(ran(), large);
	ck_assert_int_eq(gfraid_xor_syndrome(10, 0, 7, huge10, ptrs), 0);
	ck_assert_int_eq(ran(), GFRAID_CLASS_HUGE);
	ck_assert_int_eq(gfraid_xor_syndrome(10, 2, 2, huge10, ptrs), 0);	/* 3 blocks */
	ck_assert_int_eq(ran(), 3 * huge10 <= half ? GFRAID_CLASS_LARGE : GFRAID_CLASS_HUGE);
	ck_assert_int_eq(gfraid_impl_force(GFRAID_OP_XOR_SYNDROME, NULL), 0);

	/* an update reads one source and its rows: 1 + 2 blocks */
	install(2, GFRAID_OP_EC_UPDATE);
	ck_assert_int_eq(gfraid_ec_encode_data_update(4096, 6, 2, 1, tbl, ptrs[0], coding), 0);
	ck_assert_int_eq(ran(), GFRAID_CLASS_SMALL);
	ck_assert_int_eq(gfraid_ec_encode_data_update((int)len, 6, 2, 1, tbl, ptrs[0], coding), 0);
	ck_assert_int_eq(ran(), GFRAID_CLASS_MEDIUM);
	ck_assert_int_eq(gfraid_ec_encode_data_update((int)len, 6, 4, 1, tbl, ptrs[0], coding), 0);
	ck_assert_int_eq(ran(), 5 * len <= half ? GFRAID_CLASS_LARGE : GFRAID_CLASS_HUGE);
	ck_assert_int_eq(gfraid_ec_encode_data_update((int)huge5, 6, 4, 1, tbl, ptrs[0], coding),
			 0);
	ck_assert_int_eq(ran(), GFRAID_CLASS_HUGE);
	ck_assert_int_eq(gfraid_impl_force(GFRAID_OP_EC_UPDATE, NULL), 0);
	free(mem);
}
END_TEST

/* A call runs its width's variant: RAID-6 by its disks (xor_syndrome's
   too, whatever span it reads), the one-shard update by its rows. */
START_TEST(calls_run_their_width)
{
	static uint8_t mem[16][4096], tbl[32 * 8 * 8];
	void *ptrs[16];
	uint8_t *coding[8];
	int i;

	for (i = 0; i < 16; i++)
		ptrs[i] = mem[i];
	for (i = 0; i < 8; i++)
		coding[i] = mem[8 + i];
	install_widths(0, GFRAID_OP_GEN_SYNDROME);
	ck_assert_int_eq(gfraid_gen_syndrome(8, 4096, ptrs), 0);
	ck_assert_int_eq(ran(), GFRAID_WIDTH_NARROW);
	ck_assert_int_eq(gfraid_gen_syndrome(9, 4096, ptrs), 0);
	ck_assert_int_eq(ran(), GFRAID_WIDTH_TYPICAL);
	ck_assert_int_eq(gfraid_gen_syndrome(16, 4096, ptrs), 0);
	ck_assert_int_eq(ran(), GFRAID_WIDTH_WIDE);
	ck_assert_int_eq(gfraid_impl_force(GFRAID_OP_GEN_SYNDROME, NULL), 0);

	install_widths(1, GFRAID_OP_XOR_SYNDROME);
	ck_assert_int_eq(gfraid_xor_syndrome(6, 1, 1, 4096, ptrs), 0);
	ck_assert_int_eq(ran(), GFRAID_WIDTH_NARROW);
	ck_assert_int_eq(gfraid_xor_syndrome(10, 1, 1, 4096, ptrs), 0);
	ck_assert_int_eq(ran(), GFRAID_WIDTH_TYPICAL);
	ck_assert_int_eq(gfraid_xor_syndrome(16, 1, 1, 4096, ptrs), 0);
	ck_assert_int_eq(ran(), GFRAID_WIDTH_WIDE);
	ck_assert_int_eq(gfraid_impl_force(GFRAID_OP_XOR_SYNDROME, NULL), 0);

	install_widths(2, GFRAID_OP_EC_UPDATE);
	ck_assert_int_eq(gfraid_ec_encode_data_update(4096, 8, 2, 1, tbl, mem[0], coding), 0);
	ck_assert_int_eq(ran(), GFRAID_WIDTH_NARROW);
	ck_assert_int_eq(gfraid_ec_encode_data_update(4096, 8, 4, 1, tbl, mem[0], coding), 0);
	ck_assert_int_eq(ran(), GFRAID_WIDTH_TYPICAL);
	ck_assert_int_eq(gfraid_ec_encode_data_update(4096, 8, 8, 1, tbl, mem[0], coding), 0);
	ck_assert_int_eq(ran(), GFRAID_WIDTH_WIDE);
	ck_assert_int_eq(gfraid_impl_force(GFRAID_OP_EC_UPDATE, NULL), 0);
}
END_TEST

/* Every way of choosing has its own words; other values none. */
START_TEST(choice_names)
{
	int h, g;

	for (h = GFRAID_CHOSEN_ORDER; h <= GFRAID_CHOSEN_FILE; h++) {
		ck_assert_ptr_nonnull(gfraid_choice_name(h));
		for (g = GFRAID_CHOSEN_ORDER; g < h; g++)
			ck_assert_str_ne(gfraid_choice_name(g), gfraid_choice_name(h));
	}
	ck_assert_str_eq(gfraid_choice_name(GFRAID_CHOSEN_CALIBRATED), "fastest when timed here");
	ck_assert_ptr_null(gfraid_choice_name(-1));
	ck_assert_ptr_null(gfraid_choice_name(GFRAID_CHOSEN_FILE + 1));
	ck_assert_ptr_null(gfraid_choice_name(GFRAID_EOP));
}
END_TEST

START_TEST(strerror_covers_every_code)
{
	int e;

	for (e = GFRAID_EWIDTH; e <= GFRAID_OK; e++)
		ck_assert_str_ne(gfraid_strerror(e), "unknown error");
	ck_assert_str_eq(gfraid_strerror(1), "unknown error");
	ck_assert_str_eq(gfraid_strerror(GFRAID_EWIDTH - 1), "unknown error");
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
		size_classes,
		stripe_widths,
		nontemporal_by_name,
		forced_tier,
		calls_run_their_class,
		calls_run_their_width,
		choice_names,
		strerror_covers_every_code,
		NULL,
	};

	return run_tests("dispatch", 120, tests, NULL, NULL);
}
