/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Portable RAID-6: 64-bit words holding eight GF(2^8) lanes, any length,
 * any alignment. Readable first; the SIMD files are the fast ones.
 */
#include "../ops.h"
#include "../gf/gf.h"

typedef uint64_t word;

#define LANE_HIGH_BITS 0x8080808080808080ULL
#define LANE_LOW_BITS 0xfefefefefefefefeULL

/* Multiply each of the eight bytes by 2: shift, and reduce by 0x1D the
   bytes whose top bit fell off. */
static inline word mul2(word v)
{
	word carries = (v & LANE_HIGH_BITS) >> 7;

	return ((v << 1) & LANE_LOW_BITS) ^ (carries * 0x1d);
}

/* n <= 8 bytes in, lane by lane; the fixed-size copy is the common case
   and compiles to a single unaligned load or store. */
static inline word load(const uint8_t *p, size_t n)
{
	word v = 0;

	if (n == sizeof(v))
		memcpy(&v, p, sizeof(v));
	else
		memcpy(&v, p, n);
	return v;
}

static inline void store(uint8_t *p, word v, size_t n)
{
	if (n == sizeof(v))
		memcpy(p, &v, sizeof(v));
	else
		memcpy(p, &v, n);
}

/* Bytes of the word at o, for a range ending at end. */
static inline size_t chunk(size_t end, size_t o)
{
	return end - o < sizeof(word) ? end - o : sizeof(word);
}

/*
 * P and Q of data disks 0..disks-3 over [off, end), with disks skip_a and
 * skip_b (or -1) counted as zero, written to p and q. Skipped disks are not
 * read, so p and q may be their buffers: that is how recovery gets P', Q'.
 */
static void syndrome(int disks, size_t off, size_t end, void **ptrs, int skip_a, int skip_b,
		     uint8_t *p, uint8_t *q)
{
	uint8_t **d = (uint8_t **)ptrs;
	size_t n;
	int z;

	for (; off < end; off += n) {
		word wp = 0, wq = 0;

		n = chunk(end, off);
		/* Horner, from the highest data disk down: q = 2q ^ D_z
		   (docs/MATH.md, "P and Q"). */
		for (z = disks - 3; z >= 0; z--) {
			word wd;

			wq = mul2(wq);
			if (z == skip_a || z == skip_b)
				continue;
			wd = load(d[z] + off, n);
			wp ^= wd;
			wq ^= wd;
		}
		store(p + off, wp, n);
		store(q + off, wq, n);
	}
}

void gfr_raid6_rebuild_from_p(int disks, size_t bytes, int faila, void **ptrs)
{
	uint8_t **d = (uint8_t **)ptrs;
	size_t off, n;
	int z;

	for (off = 0; off < bytes; off += n) {
		word w;

		n = chunk(bytes, off);
		w = load(d[disks - 2] + off, n);
		for (z = 0; z < disks - 2; z++)
			if (z != faila)
				w ^= load(d[z] + off, n);
		store(d[faila] + off, w, n);
	}
}

void gfr_raid6_gen_base(int disks, size_t off, size_t len, void **ptrs)
{
	syndrome(disks, off, off + len, ptrs, -1, -1, ptrs[disks - 2], ptrs[disks - 1]);
}

void gfr_raid6_xor_base(int disks, int start, int stop, size_t off, size_t len, void **ptrs)
{
	uint8_t **d = (uint8_t **)ptrs;
	uint8_t *p = d[disks - 2], *q = d[disks - 1];
	size_t end = off + len, n;
	int z;

	for (; off < end; off += n) {
		word wp, wq, wd;

		n = chunk(end, off);
		wp = wq = load(d[stop] + off, n);
		for (z = stop - 1; z >= start; z--) {
			wd = load(d[z] + off, n);
			wp ^= wd;
			wq = mul2(wq) ^ wd;
		}
		/* Disks below start contribute nothing, but still shift the
		   weight of everything above them by 2^start. */
		for (z = start - 1; z >= 0; z--)
			wq = mul2(wq);
		store(p + off, load(p + off, n) ^ wp, n);
		store(q + off, load(q + off, n) ^ wq, n);
	}
}

/* Two data disks x < y lost: with P' and Q' the syndromes computed
   without them, D_x = A (P ^ P') ^ B (Q ^ Q') and D_y = P ^ P' ^ D_x
   (docs/MATH.md, "Recovery", derives A and B). */
void gfr_raid6_2data_base(int disks, size_t off, size_t len, int faila, int failb, void **ptrs)
{
	uint8_t **d = (uint8_t **)ptrs;
	uint8_t *p = d[disks - 2], *q = d[disks - 1];
	uint8_t *dx = d[faila], *dy = d[failb];
	uint8_t amul[256], bmul[256], den_inv;
	size_t i;

	syndrome(disks, off, off + len, ptrs, faila, failb, dx, dy);

	den_inv = gfr_gf_inv[gfr_gf_pow2(failb - faila) ^ 1];
	gfr_gf_mul_table(gfr_gf_mul(gfr_gf_pow2(failb - faila), den_inv), amul);
	gfr_gf_mul_table(gfr_gf_mul(gfr_gf_pow2(-faila), den_inv), bmul);

	for (i = off; i < off + len; i++) {
		uint8_t pd = p[i] ^ dx[i], qd = q[i] ^ dy[i];
		uint8_t x = amul[pd] ^ bmul[qd];

		dx[i] = x;
		dy[i] = pd ^ x;
	}
}

/* Data disk x and P lost: D_x = (Q ^ Q') * g^-x, then P = P' ^ D_x
   (docs/MATH.md, "Recovery"). */
void gfr_raid6_datap_base(int disks, size_t off, size_t len, int faila, void **ptrs)
{
	uint8_t **d = (uint8_t **)ptrs;
	uint8_t *p = d[disks - 2], *q = d[disks - 1], *dx = d[faila];
	uint8_t qmul[256];
	size_t i;

	syndrome(disks, off, off + len, ptrs, faila, -1, p, dx);
	gfr_gf_mul_table(gfr_gf_pow2(-faila), qmul);
	for (i = off; i < off + len; i++) {
		uint8_t x = qmul[q[i] ^ dx[i]];

		dx[i] = x;
		p[i] ^= x;
	}
}

void gfr_raid6_recov_base(int disks, size_t off, size_t len, int faila, int failb, void **ptrs)
{
	if (failb < 0)
		gfr_raid6_datap_base(disks, off, len, faila, ptrs);
	else
		gfr_raid6_2data_base(disks, off, len, faila, failb, ptrs);
}

int gfr_raid6_check_base(int disks, size_t off, size_t len, void *const *ptrs)
{
	uint8_t *const *d = (uint8_t *const *)ptrs;
	size_t end = off + len, n;
	word diff = 0;
	int z;

	for (; off < end; off += n) {
		word wp = 0, wq = 0;

		n = chunk(end, off);
		for (z = disks - 3; z >= 0; z--) {
			word wd = load(d[z] + off, n);

			wp ^= wd;
			wq = mul2(wq) ^ wd;
		}
		diff |= (wp ^ load(d[disks - 2] + off, n)) | (wq ^ load(d[disks - 1] + off, n));
	}
	return diff != 0;
}
