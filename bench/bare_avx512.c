// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/*
 * Bare loops: each op's loads and stores with no field math (every
 * multiply replaced by nothing, every sum by XOR), on AVX-512, 128 bytes a
 * step like the fastest variants. What they reach is what the memory
 * traffic alone allows: the bound for a speed goal that asks for more than
 * the peer moves bytes. bare_encode_affine is the other bound:
 * the encode's k x m vgf2p8affineqb per 64-byte column with its data read
 * from one 128-byte block that stays in L1, so only the field math is
 * paid. Compiled with -mavx512f -mavx512bw -mgfni and run only where the
 * CPU has them (cases.c checks).
 */
#include <immintrin.h>

#include "bare.h"
#include "../src/ec/strips.h"

typedef __m512i V;

static inline V ld(const uint8_t *p)
{
	return _mm512_loadu_si512((const void *)p);
}

static inline void st(uint8_t *p, V v)
{
	_mm512_storeu_si512((void *)p, v);
}

/* A store non-temporal where nt (a compile-time constant), as the
   streaming variants store their parity (the bench's blocks are
   64-byte aligned). */
static inline void st_as(uint8_t *p, V v, const int nt)
{
	if (nt)
		_mm512_stream_si512((void *)p, v);
	else
		st(p, v);
}

/* The bytes of each block a loop over m rows goes over at a time: as the
   encode and check kernels cut them (src/ec/strips.h), all of it unless
   the block is long and more rows than one pass makes, or streamed. */
static size_t strip_of(int m, size_t len, int nt)
{
	return nt || (m > 4 && len > EC_STRIP_FROM) ? EC_STRIP : len;
}

/* Where the strip from s ends. */
static size_t strip_end(size_t s, size_t len, size_t strip)
{
	return len - s > strip ? s + strip : len;
}

/* P and Q of k data blocks: both the XOR of the data; stored
   non-temporally where nt (a compile-time constant). */
static inline void gen_pq(int k, size_t len, uint8_t **p, const int nt)
{
	uint8_t *pp = p[k], *qq = p[k + 1];
	size_t o;
	int j;

	for (o = 0; o + 128 <= len; o += 128) {
		V p0 = ld(p[0] + o), p1 = ld(p[0] + o + 64), q0 = p0, q1 = p1;

		for (j = 1; j < k; j++) {
			V x0 = ld(p[j] + o), x1 = ld(p[j] + o + 64);

			p0 = _mm512_xor_si512(p0, x0);
			p1 = _mm512_xor_si512(p1, x1);
			q0 = _mm512_ternarylogic_epi64(q0, x0, p0, 0x96);
			q1 = _mm512_ternarylogic_epi64(q1, x1, p1, 0x96);
		}
		st_as(pp + o, p0, nt);
		st_as(pp + o + 64, p1, nt);
		st_as(qq + o, q0, nt);
		st_as(qq + o + 64, q1, nt);
	}
	if (nt)
		_mm_sfence();
}

void bare_gen(int k, size_t len, uint8_t **p, int nt)
{
	if (nt)
		gen_pq(k, len, p, 1);
	else
		gen_pq(k, len, p, 0);
}

/* The check of P and Q: every block read, none written, P and Q seeding
   the sums that come out zero on a consistent stripe; nonzero if any
   differ. The same vector ops as bare_gen but one OR a vector. */
int bare_check(int k, size_t len, uint8_t *const *p)
{
	const uint8_t *pp = p[k], *qq = p[k + 1];
	V acc = _mm512_setzero_si512();
	size_t o;
	int j;

	for (o = 0; o + 128 <= len; o += 128) {
		V p0 = ld(pp + o), p1 = ld(pp + o + 64), q0 = ld(qq + o), q1 = ld(qq + o + 64);

		for (j = 0; j < k; j++) {
			V x0 = ld(p[j] + o), x1 = ld(p[j] + o + 64);

			p0 = _mm512_xor_si512(p0, x0);
			p1 = _mm512_xor_si512(p1, x1);
			q0 = _mm512_ternarylogic_epi64(q0, x0, p0, 0x96);
			q1 = _mm512_ternarylogic_epi64(q1, x1, p1, 0x96);
		}
		acc = _mm512_ternarylogic_epi64(acc, p0, q0, 0xfe);
		acc = _mm512_ternarylogic_epi64(acc, p1, q1, 0xfe);
	}
	return _mm512_test_epi64_mask(acc, acc) != 0;
}

/* m outputs over [off, end), each a different XOR of the k inputs (so
   none folds away), M rows at a time in registers, as the encode kernels
   block them; stored non-temporally where NT. */
static inline void encode_rows(int k, size_t off, size_t end, uint8_t **data, uint8_t **out,
			       const int M, const int NT)
{
	size_t o;
	int j, r;

	for (o = off; o + 128 <= end; o += 128) {
		V a0[8], a1[8];

		for (r = 0; r < M; r++)
			a0[r] = a1[r] = _mm512_setzero_si512();
		for (j = 0; j < k; j++) {
			V x0 = ld(data[j] + o), x1 = ld(data[j] + o + 64);

			for (r = 0; r < M; r++) {
				a0[r] = _mm512_ternarylogic_epi64(a0[r], x0, a1[r], 0x96);
				a1[r] = _mm512_xor_si512(a1[r], x1);
			}
		}
		for (r = 0; r < M; r++) {
			st_as(out[r] + o, a0[r], NT);
			st_as(out[r] + o + 64, a1[r], NT);
		}
	}
}

void bare_encode(int k, int m, size_t len, uint8_t **data, uint8_t **coding, int nt)
{
	size_t strip = strip_of(m, len, nt), s, e;

	for (s = 0; s < len; s = e) {
		e = strip_end(s, len, strip);
#define ENCODE_BLOCK(r0, M) \
	(nt ? encode_rows(k, s, e, data, coding + (r0), M, 1) \
	    : encode_rows(k, s, e, data, coding + (r0), M, 0))
		BY_ROW_BLOCKS(m, ENCODE_BLOCK);
#undef ENCODE_BLOCK
	}
	if (nt)
		_mm_sfence();
}

/* The check of m parity blocks: as bare_encode, the sums seeded with the
   stored parity and ORed together where the encode would store them. */
static inline V check_rows(int k, size_t off, size_t end, uint8_t **data, uint8_t **parity,
			   V acc, const int M)
{
	size_t o;
	int j, r;

	for (o = off; o + 128 <= end; o += 128) {
		V a0[8], a1[8];

		for (r = 0; r < M; r++) {
			a0[r] = ld(parity[r] + o);
			a1[r] = ld(parity[r] + o + 64);
		}
		for (j = 0; j < k; j++) {
			V x0 = ld(data[j] + o), x1 = ld(data[j] + o + 64);

			for (r = 0; r < M; r++) {
				a0[r] = _mm512_ternarylogic_epi64(a0[r], x0, a1[r], 0x96);
				a1[r] = _mm512_xor_si512(a1[r], x1);
			}
		}
		for (r = 0; r < M; r++)
			acc = _mm512_ternarylogic_epi64(acc, a0[r], a1[r], 0xfe);
	}
	return acc;
}

int bare_ec_check(int k, int m, size_t len, uint8_t **data, uint8_t **parity)
{
	size_t strip = strip_of(m, len, 0), s, e;
	V acc = _mm512_setzero_si512();

	for (s = 0; s < len; s = e) {
		e = strip_end(s, len, strip);
#define CHECK_BLOCK(r0, M) acc = check_rows(k, s, e, data, parity + (r0), acc, M)
		BY_ROW_BLOCKS(m, CHECK_BLOCK);
#undef CHECK_BLOCK
	}
	return _mm512_test_epi64_mask(acc, acc) != 0;
}

/* coding[r] ^= the n sources, each coding block read and written once;
   the M parity vectors at an offset all loaded before any is stored, as
   the update kernels do (a load after a store to another block a multiple
   of 4 KiB away waits on it). */
static inline void update_rows(int n, size_t off, size_t end, uint8_t **src, uint8_t **coding,
			       const int M)
{
	uint8_t *out[4];
	size_t o;
	int j, r;

	/* in registers: a store through uint8_t * could change coding[] */
	for (r = 0; r < M; r++)
		out[r] = coding[r];
	/* 64 bytes a step: measured faster than 128 for the update here */
	for (o = off; o + 64 <= end; o += 64) {
		V x = ld(src[0] + o), a[4];

		for (j = 1; j < n; j++)
			x = _mm512_xor_si512(x, ld(src[j] + o));
		for (r = 0; r < M; r++)
			a[r] = ld(out[r] + o);
		for (r = 0; r < M; r++)
			st(out[r] + o, _mm512_xor_si512(a[r], x));
	}
}

void bare_update(int n, int m, size_t len, uint8_t **src, uint8_t **coding)
{
	size_t strip = strip_of(m, len, 0), s, e;

	for (s = 0; s < len; s = e) {
		e = strip_end(s, len, strip);
#define UPDATE_BLOCK(r0, M) update_rows(n, s, e, src, coding + (r0), M)
		BY_ROW_BLOCKS(m, UPDATE_BLOCK);
#undef UPDATE_BLOCK
	}
}

/* The encode's field math alone: M rows x k sources of affines per
   128-byte step, the sources all one cached block, stores as encode. */
static inline void affine_rows(int k, size_t len, const uint8_t *src, uint8_t **out, const int M)
{
	V mat[8];
	size_t o;
	int j, r;

	/* a different matrix per row, so no two products are the same */
	for (r = 0; r < M; r++)
		mat[r] = _mm512_set1_epi64(0x0102040810204080ll ^ ((long long)r << 8));
	for (o = 0; o + 128 <= len; o += 128) {
		V a0[8], a1[8];

		for (r = 0; r < M; r++)
			a0[r] = a1[r] = _mm512_setzero_si512();
		/* two sources a step, their products folded by one vpternlogq, as
		   the encode kernels do */
		for (j = 0; j < k; j += 2) {
			V x0 = ld(src), x1 = ld(src + 64), y0 = x0, y1 = x1;

			/* opaque: the compiler may not hoist or merge the products */
			__asm__ volatile("" : "+v"(x0), "+v"(x1), "+v"(y0), "+v"(y1));
			for (r = 0; r < M; r++) {
				V p0 = _mm512_gf2p8affine_epi64_epi8(x0, mat[r], 0);
				V p1 = _mm512_gf2p8affine_epi64_epi8(x1, mat[r], 0);

				if (j + 1 < k) {
					a0[r] = _mm512_ternarylogic_epi64(
						a0[r], p0, _mm512_gf2p8affine_epi64_epi8(y0, mat[r], 0),
						0x96);
					a1[r] = _mm512_ternarylogic_epi64(
						a1[r], p1, _mm512_gf2p8affine_epi64_epi8(y1, mat[r], 0),
						0x96);
				} else {
					a0[r] = _mm512_xor_si512(a0[r], p0);
					a1[r] = _mm512_xor_si512(a1[r], p1);
				}
			}
		}
		for (r = 0; r < M; r++) {
			st(out[r] + o, a0[r]);
			st(out[r] + o + 64, a1[r]);
		}
	}
}

void bare_encode_affine(int k, int m, size_t len, const uint8_t *src, uint8_t **coding)
{
#define AFFINE_BLOCK(r0, M) affine_rows(k, len, src, coding + (r0), M)
	BY_ROW_BLOCKS(m, AFFINE_BLOCK);
#undef AFFINE_BLOCK
}
