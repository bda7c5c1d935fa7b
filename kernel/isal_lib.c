// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/*
 * gfraid_isal.ko: ISA-L's erasure-code names in the kernel, as isal_lib.ko
 * exports them (GPL), on gfraid.ko's selected variants: the names of
 * ../src/isal/erasure_code.c, the same file libgfraid-isal.so is built
 * from, and the kernel-only ones below. A module built against isal_lib's
 * isa-l_ec.h and Module.symvers (md's k+m personality, raidkm) links
 * against this one instead.
 *
 * Before any name is exported to a caller, the load checks every one of
 * them, byte for byte, against a reference written here from the field's
 * definition (shift-and-add multiply modulo 0x11D), on page-sized and
 * odd, misaligned lengths, the coding calls with preemption disabled as
 * raidkm makes them; any mismatch and the load fails. corrupt=<name>
 * fails that name's check, to prove the refusal.
 */
#include <linux/module.h>
#include <linux/preempt.h>
#include <linux/random.h>
#include <linux/slab.h>
#include <linux/string.h>
#ifdef CONFIG_X86
#include <asm/cpufeature.h>
#endif

#include "gfraid.h"
#include "isa-l_ec.h"

static char *corrupt;
module_param(corrupt, charp, 0444);
MODULE_PARM_DESC(corrupt, "test only: an exported name whose load-time check fails, so that the module refuses to load");

bool isal_have_gfni(void)
{
	unsigned int need = GFRAID_CPU_AVX | GFRAID_CPU_AVX2 | GFRAID_CPU_OS_YMM | GFRAID_CPU_GFNI;

	return (gfraid_cpu_features() & need) == need;
}

bool isal_have_avx512_gfni(void)
{
	unsigned int need = GFRAID_CPU_AVX512F | GFRAID_CPU_AVX512BW | GFRAID_CPU_OS_YMM |
			    GFRAID_CPU_OS_ZMM | GFRAID_CPU_GFNI;

	return (gfraid_cpu_features() & need) == need;
}

/* Tables here have one layout, whichever variant reads them. */
void ec_init_tables_gfni(int k, int rows, unsigned char *a, unsigned char *gftbls)
{
	gfraid_ec_init_tables(k, rows, a, gftbls);
}

void gf_vect_mul_init_gfni(unsigned char c, unsigned char *tbl)
{
	gfraid_ec_init_tables(1, 1, &c, tbl);
}

/* gfraid_* take the FPU themselves, in bounded sections (src/run.c), and
   run base where the context may not have it. */
void ec_encode_data_avx2_gfni(int len, int k, int rows, unsigned char *g_tbls,
			      unsigned char **data, unsigned char **coding)
{
	gfraid_ec_encode_data(len, k, rows, g_tbls, data, coding);
}

void ec_encode_data_avx512_gfni(int len, int k, int rows, unsigned char *g_tbls,
				unsigned char **data, unsigned char **coding)
{
	gfraid_ec_encode_data(len, k, rows, g_tbls, data, coding);
}

void ec_encode_data_update_avx2_gfni(int len, int k, int rows, int vec_i, unsigned char *g_tbls,
				     unsigned char *data, unsigned char **coding)
{
	gfraid_ec_encode_data_update(len, k, rows, vec_i, g_tbls, data, coding);
}

void ec_encode_data_update_avx512_gfni(int len, int k, int rows, int vec_i,
				       unsigned char *g_tbls, unsigned char *data,
				       unsigned char **coding)
{
	gfraid_ec_encode_data_update(len, k, rows, vec_i, g_tbls, data, coding);
}

void gf_vect_dot_prod_gfni(int len, int vec, unsigned char *gftbls, unsigned char **src,
			   unsigned char *dest)
{
	gfraid_ec_encode_data(len, vec, 1, gftbls, src, &dest);
}

EXPORT_SYMBOL_GPL(isal_have_gfni);
EXPORT_SYMBOL_GPL(isal_have_avx512_gfni);
EXPORT_SYMBOL_GPL(ec_init_tables);
EXPORT_SYMBOL_GPL(ec_init_tables_base);
EXPORT_SYMBOL_GPL(ec_init_tables_gfni);
EXPORT_SYMBOL_GPL(gf_vect_mul_init);
EXPORT_SYMBOL_GPL(gf_vect_mul_init_base);
EXPORT_SYMBOL_GPL(gf_vect_mul_init_gfni);
EXPORT_SYMBOL_GPL(ec_encode_data);
EXPORT_SYMBOL_GPL(ec_encode_data_base);
EXPORT_SYMBOL_GPL(ec_encode_data_avx2_gfni);
EXPORT_SYMBOL_GPL(ec_encode_data_avx512_gfni);
EXPORT_SYMBOL_GPL(ec_encode_data_update);
EXPORT_SYMBOL_GPL(ec_encode_data_update_base);
EXPORT_SYMBOL_GPL(ec_encode_data_update_avx2_gfni);
EXPORT_SYMBOL_GPL(ec_encode_data_update_avx512_gfni);
EXPORT_SYMBOL_GPL(gf_vect_dot_prod);
EXPORT_SYMBOL_GPL(gf_vect_dot_prod_base);
EXPORT_SYMBOL_GPL(gf_vect_dot_prod_gfni);
EXPORT_SYMBOL_GPL(gf_vect_mad);
EXPORT_SYMBOL_GPL(gf_vect_mad_base);
EXPORT_SYMBOL_GPL(gf_vect_mul);
EXPORT_SYMBOL_GPL(gf_vect_mul_base);
EXPORT_SYMBOL_GPL(gf_mul);
EXPORT_SYMBOL_GPL(gf_inv);
EXPORT_SYMBOL_GPL(gf_gen_rs_matrix);
EXPORT_SYMBOL_GPL(gf_gen_cauchy1_matrix);
EXPORT_SYMBOL_GPL(gf_invert_matrix);

/* ---- the load-time check ---- */

/* a * b modulo x^8 + x^4 + x^3 + x^2 + 1, bit by bit. */
static u8 ref_mul(u8 a, u8 b)
{
	u8 p = 0;

	while (b) {
		if (b & 1)
			p ^= a;
		a = (u8)(a << 1) ^ (a & 0x80 ? 0x1d : 0);
		b >>= 1;
	}
	return p;
}

static u8 ref_inv(u8 a)
{
	int x;

	for (x = 1; x < 256; x++)
		if (ref_mul(a, (u8)x) == 1)
			return (u8)x;
	return 0;
}

static u8 ref_pow(u8 a, int e)
{
	u8 p = 1;

	while (e--)
		p = ref_mul(p, a);
	return p;
}

/* The widest geometry raidkm's decode and the ISA-L tests use: k data,
   R parity rows; lengths a page (raidkm's block) and an odd one. */
#define K 12
#define R 4
#define LONG_LEN (3 * PAGE_SIZE + 101)

struct fixture {
	u8 a[(K + R) * K];	/* coding matrix; the parity rows from a + K * K */
	u8 tbls[32 * K * R];
	u8 *data[K], *code[R], *want[R];
	u8 *mem;
};

static const char *failed;

/* Note the first failure; with corrupt naming this check, fail it. */
static bool check(const char *name, bool ok)
{
	if (corrupt && !strcmp(corrupt, name))
		ok = false;
	if (!ok && !failed)
		failed = name;
	return ok;
}

static void ref_table(u8 c, u8 *t)
{
	int i;

	for (i = 0; i < 16; i++) {
		t[i] = ref_mul(c, (u8)i);
		t[16 + i] = ref_mul(c, (u8)(i << 4));
	}
}

static bool tables_ok(const u8 *coefs, int n, const u8 *tbls)
{
	u8 t[32];
	int i;

	for (i = 0; i < n; i++) {
		ref_table(coefs[i], t);
		if (memcmp(t, tbls + 32 * i, 32))
			return false;
	}
	return true;
}

/* want[r] = sum over j < k of a[K * K + r * k + j] * data[j], r < rows */
static void ref_encode(struct fixture *f, size_t off, int len, int k, int rows)
{
	int r, j, i;

	for (r = 0; r < rows; r++) {
		memset(f->want[r] + off, 0, len);
		for (j = 0; j < k; j++) {
			u8 c = f->a[K * K + r * k + j];

			for (i = 0; i < len; i++)
				f->want[r][off + i] ^= ref_mul(c, f->data[j][off + i]);
		}
	}
}

static bool code_ok(struct fixture *f, size_t off, int len, int rows)
{
	int r;

	for (r = 0; r < rows; r++)
		if (memcmp(f->code[r] + off, f->want[r] + off, len))
			return false;
	return true;
}

static void scribble(struct fixture *f, size_t off, int len)
{
	int r;

	for (r = 0; r < R; r++)
		memset(f->code[r] + off, 0x5a, len);
}

typedef void init_fn(int, int, unsigned char *, unsigned char *);
typedef void mul_init_fn(unsigned char, unsigned char *);
typedef void encode_fn(int, int, int, unsigned char *, unsigned char **, unsigned char **);
typedef void update_fn(int, int, int, int, unsigned char *, unsigned char *, unsigned char **);
typedef void dot_fn(int, int, unsigned char *, unsigned char **, unsigned char *);
typedef void mad_fn(int, int, int, unsigned char *, unsigned char *, unsigned char *);

#define NAMED(fn) { #fn, fn }
static const struct { const char *name; init_fn *fn; } inits[] = {
	NAMED(ec_init_tables), NAMED(ec_init_tables_base), NAMED(ec_init_tables_gfni),
};
static const struct { const char *name; mul_init_fn *fn; } mul_inits[] = {
	NAMED(gf_vect_mul_init), NAMED(gf_vect_mul_init_base), NAMED(gf_vect_mul_init_gfni),
};
static const struct { const char *name; encode_fn *fn; } encodes[] = {
	NAMED(ec_encode_data), NAMED(ec_encode_data_base),
	NAMED(ec_encode_data_avx2_gfni), NAMED(ec_encode_data_avx512_gfni),
};
static const struct { const char *name; update_fn *fn; } updates[] = {
	NAMED(ec_encode_data_update), NAMED(ec_encode_data_update_base),
	NAMED(ec_encode_data_update_avx2_gfni), NAMED(ec_encode_data_update_avx512_gfni),
};
static const struct { const char *name; dot_fn *fn; } dots[] = {
	NAMED(gf_vect_dot_prod), NAMED(gf_vect_dot_prod_base), NAMED(gf_vect_dot_prod_gfni),
};
static const struct { const char *name; mad_fn *fn; } mads[] = {
	NAMED(gf_vect_mad), NAMED(gf_vect_mad_base),
};

/* The scalar entries and the matrices. */
static void check_field(struct fixture *f)
{
	u8 m[(K + R) * K], sub[K * K], inv[K * K];
	bool ok;
	int a, b, i, j, r;

	ok = true;
	for (a = 0; a < 256; a++)
		for (b = 0; b < 256; b++)
			ok &= gf_mul((u8)a, (u8)b) == ref_mul((u8)a, (u8)b);
	check("gf_mul", ok);
	ok = gf_inv(0) == 0;
	for (a = 1; a < 256; a++)
		ok &= ref_mul((u8)a, gf_inv((u8)a)) == 1;
	check("gf_inv", ok);

	gf_gen_rs_matrix(m, K + R, K);
	ok = true;
	for (i = 0; i < K + R; i++)
		for (j = 0; j < K; j++)
			ok &= m[i * K + j] == (i < K ? i == j : ref_pow(ref_pow(2, i - K), j));
	check("gf_gen_rs_matrix", ok);

	gf_gen_cauchy1_matrix(f->a, K + R, K);
	ok = true;
	for (i = 0; i < K + R; i++)
		for (j = 0; j < K; j++)
			ok &= f->a[i * K + j] == (i < K ? i == j : ref_inv((u8)(i ^ j)));
	check("gf_gen_cauchy1_matrix", ok);

	/* R data shards lost: the survivors' rows (the other data rows and
	   the R parity rows), inverted as a decode does, times the survivor
	   matrix is the identity; a singular matrix is refused */
	for (r = 0; r < K; r++)
		memcpy(sub + r * K, f->a + (r + R) * K, K);
	memcpy(m, sub, K * K);
	ok = gf_invert_matrix(m, inv, K) == 0;
	for (i = 0; ok && i < K; i++)
		for (j = 0; j < K; j++) {
			u8 s = 0;

			for (r = 0; r < K; r++)
				s ^= ref_mul(sub[i * K + r], inv[r * K + j]);
			ok &= s == (i == j);
		}
	memcpy(m, sub, K * K);
	memcpy(m + K, m, K);
	ok &= gf_invert_matrix(m, inv, K) == -1;
	check("gf_invert_matrix", ok);
}

static void check_tables(struct fixture *f)
{
	const u8 *coefs = f->a + K * K;
	u8 t[32];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(inits); i++) {
		memset(f->tbls, 0x5a, sizeof(f->tbls));
		inits[i].fn(K, R, (unsigned char *)coefs, f->tbls);
		check(inits[i].name, tables_ok(coefs, K * R, f->tbls));
	}
	for (i = 0; i < ARRAY_SIZE(mul_inits); i++) {
		mul_inits[i].fn(coefs[5], t);
		check(mul_inits[i].name, tables_ok(coefs + 5, 1, t));
	}
}

/* Every coding entry at len bytes from off into each buffer. */
static void check_coding(struct fixture *f, size_t off, int len)
{
	unsigned char *data[K], *code[R];
	u8 *t1 = f->tbls + 32 * K * (R - 1);	/* the last row's tables */
	size_t i;
	int j, r;

	for (j = 0; j < K; j++)
		data[j] = f->data[j] + off;
	for (r = 0; r < R; r++)
		code[r] = f->code[r] + off;
	gfraid_ec_init_tables(K, R, f->a + K * K, f->tbls);
	ref_encode(f, off, len, K, R);

	for (i = 0; i < ARRAY_SIZE(encodes); i++) {
		scribble(f, off, len);
		preempt_disable();
		encodes[i].fn(len, K, R, f->tbls, data, code);
		preempt_enable();
		check(encodes[i].name, code_ok(f, off, len, R));
	}
	for (i = 0; i < ARRAY_SIZE(updates); i++) {
		for (r = 0; r < R; r++)
			memset(code[r], 0, len);
		preempt_disable();
		for (j = 0; j < K; j++)
			updates[i].fn(len, K, R, j, f->tbls, data[j], code);
		preempt_enable();
		check(updates[i].name, code_ok(f, off, len, R));
	}
	/* one row: the last parity row against its reference */
	for (i = 0; i < ARRAY_SIZE(dots); i++) {
		memset(code[R - 1], 0x5a, len);
		preempt_disable();
		dots[i].fn(len, K, t1, data, code[R - 1]);
		preempt_enable();
		check(dots[i].name, !memcmp(code[R - 1], f->want[R - 1] + off, len));
	}
	for (i = 0; i < ARRAY_SIZE(mads); i++) {
		memset(code[R - 1], 0, len);
		preempt_disable();
		for (j = 0; j < K; j++)
			mads[i].fn(len, K, j, t1, data[j], code[R - 1]);
		preempt_enable();
		check(mads[i].name, !memcmp(code[R - 1], f->want[R - 1] + off, len));
	}
}

/* dest = c * src for whole 32-byte blocks; other lengths refused with -1,
   nothing written. */
static void check_vect_mul(struct fixture *f, size_t off, int len)
{
	u8 c = f->a[K * K + 3], t[32];
	u8 *src = f->data[0] + off, *dst = f->code[0] + off;
	bool ok[2] = { true, true };
	int i, n;

	gf_vect_mul_init(c, t);
	for (n = 0; n < 2; n++) {
		memset(dst, 0x5a, len + 32);
		ok[n] &= (n ? gf_vect_mul_base(len - 1, t, src, dst) : gf_vect_mul(len - 1, t, src, dst)) == -1;
		ok[n] &= dst[0] == 0x5a;
		preempt_disable();
		ok[n] &= (n ? gf_vect_mul_base(len, t, src, dst) : gf_vect_mul(len, t, src, dst)) == 0;
		preempt_enable();
		for (i = 0; i < len; i++)
			ok[n] &= dst[i] == ref_mul(c, src[i]);
		ok[n] &= dst[len] == 0x5a;
	}
	check("gf_vect_mul", ok[0]);
	check("gf_vect_mul_base", ok[1]);
}

static void check_cpu(void)
{
#ifdef CONFIG_X86
	/* the kernel clears AVX features where it does not save their state */
	bool gfni = boot_cpu_has(X86_FEATURE_GFNI) && boot_cpu_has(X86_FEATURE_AVX2);

	check("isal_have_gfni", isal_have_gfni() == gfni);
	check("isal_have_avx512_gfni",
	      isal_have_avx512_gfni() == (gfni && boot_cpu_has(X86_FEATURE_AVX512F) &&
					  boot_cpu_has(X86_FEATURE_AVX512BW)));
#else
	check("isal_have_gfni", !isal_have_gfni());
	check("isal_have_avx512_gfni", !isal_have_avx512_gfni());
#endif
}

static int __init gfraid_isal_init(void)
{
	/* each buffer: LONG_LEN at offset 1, and room past its end */
	const size_t each = LONG_LEN + 64;
	struct fixture *f;
	int i;

	f = kzalloc(sizeof(*f), GFP_KERNEL);
	if (!f)
		return -ENOMEM;
	f->mem = kvmalloc(each * (K + 2 * R), GFP_KERNEL);
	if (!f->mem) {
		kfree(f);
		return -ENOMEM;
	}
	get_random_bytes(f->mem, each * K);
	for (i = 0; i < K; i++)
		f->data[i] = f->mem + i * each;
	for (i = 0; i < R; i++) {
		f->code[i] = f->mem + (K + i) * each;
		f->want[i] = f->mem + (K + R + i) * each;
	}

	check_cpu();
	check_field(f);
	check_tables(f);
	check_coding(f, 0, PAGE_SIZE);
	check_coding(f, 1, LONG_LEN);
	check_vect_mul(f, 0, PAGE_SIZE);
	check_vect_mul(f, 1, 2 * PAGE_SIZE + 96);
	kvfree(f->mem);
	kfree(f);

	if (failed) {
		pr_err("gfraid_isal: %s gave wrong bytes in the load-time check; not loading\n", failed);
		return -EINVAL;
	}
	pr_info("gfraid_isal: ISA-L's erasure-code names on libgfraid (ec_encode uses %s on pages), every exported name checked\n",
		gfraid_impl_selected(GFRAID_OP_EC_ENCODE, GFRAID_CLASS_SMALL, GFRAID_WIDTH_TYPICAL));
	return 0;
}

static void __exit gfraid_isal_exit(void)
{
}

module_init(gfraid_isal_init);
module_exit(gfraid_isal_exit);

MODULE_LICENSE("Dual BSD/GPL");
MODULE_DESCRIPTION("ISA-L's erasure-code interface (isal_lib's exports) on libgfraid");
MODULE_VERSION("0.1.0");
