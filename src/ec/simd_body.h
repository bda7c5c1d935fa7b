/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Reed-Solomon encode, update and check (encode comparing where it would
 * store) written once, for every ISA. An ISA file
 * includes a vector header (src/simd/vec_*.h), then defines:
 *   - EC_ROWS: parity rows per pass over the data (output blocking: every
 *     data vector is loaded once per pass and multiplied into EC_ROWS
 *     accumulators that stay in registers); EC_UNROLL: vectors per step;
 *     EC_CHUNK: data shards whose coefficients are prepared at a time;
 *     EC_PAIRS: 1 to take data shards two at a time (where one
 *     instruction folds two products into an accumulator), else 0;
 *     optionally EC_UPDATE_UNROLL(rows), vectors per step of update,
 *     EC_SMALL_K n: encode with k <= n through a loop unrolled over k,
 *     EC_FEW_CHUNK: data shards per chunk of an encode that reads a few
 *     at a time (below), and EC_WIDE_SHARDS, EC_WIDE_UNROLL: data shards
 *     per chunk and vectors per step of any other encode past EC_SMALL_K
 *     that does not stream (at most EC_CHUNK; EC_CHUNK and EC_UNROLL
 *     unless set);
 *   - struct ec_coefs and ec_coefs_load(c, gftbls, k, row0, nr, j0, nj):
 *     the coefficients of rows row0.. and data j0.. ready for multiplying
 *     (nibble tables where they are, or GFNI matrices built from them);
 *   - struct ec_x and ec_prep(v): a data vector ready for multiplying;
 *   - ec_mul_acc1(acc, x, c, r, j): acc ^ coef(r, j) * x, and
 *     ec_mul_acc2(acc, x0, x1, c, r, j): acc ^ coef(r, j) * x0
 *     ^ coef(r, j + 1) * x1, fused as far as the ISA allows;
 *   - struct ec_col, ec_col_load(col, gftbls, k, row0, nr, j) and
 *     ec_col_mul_acc(acc, x, col, r): data shard j's coefficients for rows
 *     row0.. held in registers, for update;
 * then includes this file and writes a line for each variant the
 * registry (src/variants.h) lists: GFR_EC_ENCODE(fn, nt) (nt 0 or 1),
 * GFR_EC_UPDATE(fn), GFR_EC_CHECK(fn).
 */
#ifndef GFRAID_EC_SIMD_BODY_H
#define GFRAID_EC_SIMD_BODY_H

#include "../ops.h"

#ifndef EC_UPDATE_UNROLL
#define EC_UPDATE_UNROLL(rows) EC_UNROLL
#endif
#ifndef EC_WIDE_UNROLL
#define EC_WIDE_UNROLL EC_UNROLL
#endif
#ifndef EC_WIDE_SHARDS
#define EC_WIDE_SHARDS EC_CHUNK
#endif
_Static_assert(EC_WIDE_SHARDS <= EC_CHUNK, "a chunk's coefficients are prepared at once");
/* the most vectors any step takes */
#define EC_STEP_MAX (EC_WIDE_UNROLL > EC_UNROLL ? EC_WIDE_UNROLL : EC_UNROLL)

#include "strips.h"
#include "../simd/claim.h"

/* An encode's data shards per chunk where it reads a few at a time
   (ec_few_at_a_time): a streaming encode's (docs/BENCHMARKS.md, "Dispatch
   per size class, in fresh processes"), and every long encode's where the
   ISA prepares more coefficients at a time; an ISA file may set it to
   EC_CHUNK. */
#ifndef EC_FEW_CHUNK
#define EC_FEW_CHUNK 8
#endif

/* What ec_body does (a compile-time constant). */
enum { EC_ENCODE, EC_UPDATE, EC_CHECK };

/* Whether an encode of k shards over len bytes of each reads
   EC_FEW_CHUNK of them at a time: more streams at once than the
   hardware prefetchers follow ran at half speed. Only from a strip on:
   on shorter blocks in cache the partial sums stored and loaded again
   cost more than they save (docs/BENCHMARKS.md, "Loop shapes"). */
GFR_INLINE int ec_few_at_a_time(int k, size_t len, int stream, const int OP)
{
	return OP == EC_ENCODE && k > EC_FEW_CHUNK * 3 / 2 &&
	       (stream || (EC_FEW_CHUNK < EC_CHUNK && len >= EC_STRIP));
}

/* The check writes partial sums only past the first chunk of shards. */
_Static_assert(EC_CHUNK >= GFR_EC_CHECK_SCRATCH_K, "ec_check would need scratch for small k");

/*
 * Encode: U vectors at offset o of R rows from data shards j0 .. j0+nj-1.
 * The sums go to dst[r]: the parity rows, or the check's scratch for
 * partial sums. They start at zero, or from dst (from_dst: later chunks,
 * or accumulating). With stored (the check's last chunk) they are compared
 * with the stored parity stored[r] instead, differences gathered into
 * *diff. stream: store them non-temporally (aligned rows, and sums no
 * later pass reads). split: the rows' stores may span two lines, whose
 * lines are claimed first when the step does not read them.
 */
GFR_INLINE void ec_step(uint8_t *const *data, int j0, int nj, uint8_t *const *dst,
			const struct ec_coefs *c, size_t o, int from_dst, const int R, const int U,
			uint8_t *const *stored, V *diff, int stream, int split)
{
	V acc[EC_ROWS][EC_STEP_MAX];
	int r, u, j;

	if (split && !from_dst && !stored)
		for (r = 0; r < R; r++)
			gfr_claim_lines(dst[r] + o, U * VLEN);
	for (r = 0; r < R; r++)
		for (u = 0; u < U; u++)
			acc[r][u] = from_dst ? vload(dst[r] + o + u * VLEN) : vzero();
	for (j = 0; EC_PAIRS && j + 1 < nj; j += 2) {
		const uint8_t *d0 = data[j0 + j] + o, *d1 = data[j0 + j + 1] + o;

		for (u = 0; u < U; u++) {
			struct ec_x x0 = ec_prep(vload(d0 + u * VLEN));
			struct ec_x x1 = ec_prep(vload(d1 + u * VLEN));

			for (r = 0; r < R; r++)
				acc[r][u] = ec_mul_acc2(acc[r][u], x0, x1, c, r, j);
		}
	}
	for (; j < nj; j++) {
		const uint8_t *d0 = data[j0 + j] + o;

		for (u = 0; u < U; u++) {
			struct ec_x x0 = ec_prep(vload(d0 + u * VLEN));

			for (r = 0; r < R; r++)
				acc[r][u] = ec_mul_acc1(acc[r][u], x0, c, r, j);
		}
	}
	for (r = 0; r < R; r++)
		for (u = 0; u < U; u++) {
			if (stored)
				*diff = vdiff(*diff, vload(stored[r] + o + u * VLEN), acc[r][u]);
			else if (stream)
				vstream(dst[r] + o + u * VLEN, acc[r][u]);
			else
				vstore(dst[r] + o + u * VLEN, acc[r][u]);
		}
}

/* Whether a store to one of the R rows at off may span two lines. */
GFR_INLINE int ec_rows_split(uint8_t *const *dst, size_t off, const int R)
{
	int r, split = 0;

	for (r = 0; r < R; r++)
		split |= gfr_stores_split(dst[r], off, VLEN);
	return split;
}

/* Update: dst[r] ^= coef(r) * src for U vectors at o, the coefficients and
   pointers in registers (loaded once: stores through uint8_t * could alias
   the tables and the pointer array, so the compiler would reload them).
   The R parity vectors at one offset are all loaded before any of them is
   stored: parity buffers are often a multiple of 4 KiB apart, and a load
   that follows a store with the same address bits 0-11 waits on it (4K
   aliasing; docs/BENCHMARKS.md, "Loop shapes"). */
GFR_INLINE void ec_update_step(const uint8_t *src, uint8_t *const *dst, const struct ec_col *col,
			       size_t o, const int R, const int U)
{
	int r, u;

	for (u = 0; u < U; u++) {
		struct ec_x x = ec_prep(vload(src + o + u * VLEN));
		V acc[EC_ROWS];

		for (r = 0; r < R; r++)
			acc[r] = vload(dst[r] + o + u * VLEN);
		for (r = 0; r < R; r++)
			vstore(dst[r] + o + u * VLEN, ec_col_mul_acc(acc[r], x, col, r));
	}
}

/* Steps of U vectors (a compile-time count) over [off, end), then of one;
   returns where the whole vectors stop. */
GFR_INLINE size_t ec_chunk_steps(size_t off, size_t end, uint8_t *const *data, int j0, int nj,
				 uint8_t *const *dst, const struct ec_coefs *c, int from_dst,
				 const int R, const int U, uint8_t *const *stored, V *diff, int nt,
				 int split)
{
	size_t o;

	for (o = off; o + U * VLEN <= end; o += U * VLEN)
		ec_step(data, j0, nj, dst, c, o, from_dst, R, U, stored, diff, nt, split);
	for (; o + VLEN <= end; o += VLEN)
		ec_step(data, j0, nj, dst, c, o, from_dst, R, 1, stored, diff, nt, split);
	return o;
}

#ifdef EC_SMALL_K
/* Encode with k a compile-time count too: the loop over the shards
   unrolls and the k x R coefficients stay in registers across the block
   (docs/BENCHMARKS.md, "Loop shapes"), and so do the shards' pointers,
   copied where no store can change them: read from the caller's arrays,
   they were loaded again after every store that might have changed them,
   a quarter of the time of a 4 KiB encode or multi-shard update of few
   shards. */
GFR_INLINE size_t ec_rows_k(size_t off, size_t end, int row0, const uint8_t *gftbls,
			    uint8_t *const *data, uint8_t *const *dst, int accumulate,
			    uint8_t *const *stored, V *diff, int stream, const int R, const int K)
{
	struct ec_coefs c;
	uint8_t *in[EC_SMALL_K], *to[EC_ROWS];
	int i, split = ec_rows_split(dst, off, R);

	ec_coefs_load(&c, gftbls, K, row0, R, 0, K);
	for (i = 0; i < K; i++)
		in[i] = data[i];
	for (i = 0; i < R; i++)
		to[i] = dst[i];
	return ec_chunk_steps(off, end, in, 0, K, to, &c, accumulate, R, EC_UNROLL, stored, diff,
			      stream, split);
}
#endif

/* Update: dst[r] ^= the products of src, its column of the tables at col,
   for R rows (a compile-time count) over whole vectors of [off, end);
   returns where the whole vectors stop. */
GFR_INLINE size_t ec_update_rows(size_t off, size_t end, int k, const uint8_t *col_tables,
				 const uint8_t *src, uint8_t *const *dst, const int R)
{
	uint8_t *to[EC_ROWS];
	struct ec_col col;
	size_t o = off;
	int r;

	ec_col_load(&col, col_tables, k, 0, R, 0);
	for (r = 0; r < R; r++)
		to[r] = dst[r];
	for (; o + EC_UPDATE_UNROLL(R) * VLEN <= end; o += EC_UPDATE_UNROLL(R) * VLEN)
		ec_update_step(src, to, &col, o, R, EC_UPDATE_UNROLL(R));
	for (; o + VLEN <= end; o += VLEN)
		ec_update_step(src, to, &col, o, R, 1);
	return o;
}

/* ec_rows past EC_SMALL_K: the shards a chunk at a time. */
GFR_INLINE size_t ec_chunks(size_t off, size_t end, int k, int row0, const uint8_t *gftbls,
			    uint8_t *const *data, uint8_t *const *dst, int accumulate,
			    uint8_t *const *stored, V *diff, int stream, const int R, const int OP)
{
	struct ec_coefs c;
	size_t o = off;
	int few = ec_few_at_a_time(k, end - off, stream, OP), i;
	int wide = OP == EC_ENCODE && !stream && !few;
	int per = few ? EC_FEW_CHUNK : wide ? EC_WIDE_SHARDS : EC_CHUNK;
	int chunks = (k + per - 1) / per;
	int split = ec_rows_split(dst, off, R);
	/* streaming, read a few at a time or in chunks smaller than the
	   coefficients', chunks of sizes that differ by one at most */
	int even = stream || few || per < EC_CHUNK;

	for (i = 0; i < chunks; i++) {
		int j0 = even ? i * k / chunks : i * per;
		int nj = (even ? (i + 1) * k / chunks : k - j0 < per ? k : j0 + per) - j0;
		uint8_t *const *last = j0 + nj == k ? stored : NULL;
		int nt = stream && j0 + nj == k;	/* earlier chunks' sums are read again */

		ec_coefs_load(&c, gftbls, k, row0, R, j0, nj);
		/* one loop where the ISA sets no wide step of its own */
		o = wide && EC_WIDE_UNROLL != EC_UNROLL
			    ? ec_chunk_steps(off, end, data, j0, nj, dst, &c, accumulate || j0 > 0, R,
					     EC_WIDE_UNROLL, last, diff, nt, split)
			    : ec_chunk_steps(off, end, data, j0, nj, dst, &c, accumulate || j0 > 0, R,
					     EC_UNROLL, last, diff, nt, split);
	}
	return o;
}

/*
 * R rows (a compile-time count) over whole vectors of [off, end); returns
 * where the whole vectors stop. OP (a compile-time constant, see ec_body)
 * EC_ENCODE or EC_CHECK: encode from the k shards in data, the sums into
 * dst or (accumulate) onto it; with stored (the check), the last chunk's
 * sums compared with the stored parity, dst holding the earlier chunks'
 * partial sums. stream: the encode's sums stored non-temporally where one
 * pass makes them.
 */
GFR_INLINE size_t ec_rows(size_t off, size_t end, int k, int row0, const uint8_t *gftbls,
			  uint8_t *const *data, uint8_t *const *dst, int accumulate,
			  uint8_t *const *stored, V *diff, int stream, const int R, const int OP)
{
	uint8_t *to[EC_ROWS];
	int r;

#ifdef EC_SMALL_K
	if (k <= EC_SMALL_K) {
		switch (k) {
#define EC_K(n) \
	case n: \
		return ec_rows_k(off, end, row0, gftbls, data, dst, accumulate, stored, diff, \
				 stream, R, n);
			EC_K(1)
			EC_K(2)
			EC_K(3)
			EC_K(4)
			EC_K(5)
			EC_K(6)
			EC_K(7)
			EC_K(8)
#undef EC_K
		}
	}
#endif
	/* The encode's parity pointers in registers (ec_rows_k's reason); the
	   check and the streaming encode measured no gain from it. */
	if (OP != EC_ENCODE || stream)
		return ec_chunks(off, end, k, row0, gftbls, data, dst, accumulate, stored, diff,
				 stream, R, OP);
	for (r = 0; r < R; r++)
		to[r] = dst[r];
	return ec_chunks(off, end, k, row0, gftbls, data, to, accumulate, NULL, NULL, 0, R, OP);
}

/* X(a, n) for each row count n a pass makes, 1 to EC_ROWS. */
#if EC_ROWS > 6
#define EC_ROW_COUNTS(X, a) X(a, 1) X(a, 2) X(a, 3) X(a, 4) X(a, 5) X(a, 6) X(a, 7) X(a, 8)
#elif EC_ROWS > 4
#define EC_ROW_COUNTS(X, a) X(a, 1) X(a, 2) X(a, 3) X(a, 4) X(a, 5) X(a, 6)
#else
#define EC_ROW_COUNTS(X, a) X(a, 1) X(a, 2) X(a, 3) X(a, 4)
#endif

/* ec_rows for nr rows, nr not a compile-time count: a case per count. */
GFR_INLINE size_t ec_rows_nr(size_t off, size_t end, int k, int row0, const uint8_t *gftbls,
			     uint8_t *const *data, uint8_t *const *dst, int accumulate,
			     uint8_t *const *stored, V *diff, int stream, int nr, const int OP)
{
	switch (nr) {
#define EC_CASE(op, n) \
	case n: \
		return ec_rows(off, end, k, row0, gftbls, data, dst, accumulate, stored, diff, \
			       stream, n, op);
		EC_ROW_COUNTS(EC_CASE, OP)
#undef EC_CASE
	}
	return off;
}

/* The parameters of a pass over rows (ec_rows_nr's, without OP). */
#define EC_ROWS_PARAMS \
	size_t off, size_t end, int k, int row0, const uint8_t *gftbls, uint8_t *const *data, \
		const uint8_t *src, uint8_t *const *dst, int accumulate, uint8_t *const *stored, \
		V *diff, int stream, int nr

/* The rows of a streaming encode or of a check, out of line: ec_body's
   strips and passes call them. NT (a compile-time constant) 0 leaves the
   streaming stores out; the check's differences are gathered in a
   register, handed back once a pass. */
#define EC_ROWS_FN(name, OP, NT) \
	static __attribute__((__noinline__)) size_t name(EC_ROWS_PARAMS) \
	{ \
		V d = OP == EC_CHECK ? *diff : vzero(); \
		size_t o = ec_rows_nr(off, end, k, row0, gftbls, data, dst, accumulate, stored, &d, \
				      (NT) && stream, nr, OP); \
		(void)src; \
		if (OP == EC_CHECK) \
			*diff = d; \
		return o; \
	}

typedef size_t ec_rows_fn(EC_ROWS_PARAMS);

/* The bytes past the last whole vector, from o to end, by base; update's
   gftbls is src's column of the tables. Returns 0. */
GFR_INLINE int ec_tail(size_t o, size_t end, int k, int rows, const uint8_t *gftbls,
		       uint8_t *const *data, const uint8_t *src, uint8_t *const *parity,
		       int accumulate, const int OP)
{
	if (o >= end)
		return 0;
	if (OP != EC_ENCODE)
		return gfr_ec_update_base(o, end - o, k, rows, gftbls, src, parity);
	gfr_ec_encode_base(o, end - o, k, rows, gftbls, data, parity, accumulate);
	return 0;
}

/*
 * Rows EC_ROWS at a time, the last pass with what is left, each pass by
 * rows_fn; the bytes past the last whole vector go to base. OP (a
 * compile-time constant) is one of EC_ENCODE (parity = the rows written,
 * or accumulated onto), EC_UPDATE (src is a shard, gftbls its column of
 * the tables; parity accumulated onto) and EC_CHECK (parity[0 .. rows)
 * the stored parity, only read, parity[rows ..) scratch). NT (a
 * compile-time constant): an encode that does not accumulate stores its
 * parity non-temporally where the rows are vector-aligned, for blocks too
 * large for the cache to keep. Returns whether the check found a
 * difference (0 for encode and update).
 */
GFR_INLINE int ec_body(ec_rows_fn *rows_fn, size_t off, size_t len, int k, int rows,
		       const uint8_t *gftbls, uint8_t *const *data, const uint8_t *src,
		       uint8_t *const *parity, int accumulate, const int OP, const int NT)
{
	size_t end = off + len, o = end, s, s_end, strip;
	V diff = vzero();
	/* Where streaming reads as many shards at a time as the normal encode
	   (GFNI), more shards than one chunk are stored normally: the earlier
	   chunks' sums would go into the parity lines the last one streams
	   over, which measured slower than normal stores. */
	int row0, stream = NT && OP == EC_ENCODE && !accumulate &&
			   (EC_FEW_CHUNK < EC_CHUNK || k <= EC_CHUNK);

	for (row0 = 0; stream && row0 < rows; row0++)
		stream = !((uintptr_t)(parity[row0] + off) & (VLEN - 1));

	/* Streaming, or a long block gone over more than once (more rows than
	   one pass makes, more shards than one chunk), the block goes by in
	   strips: a strip's partial sums and its data stay in L2 for the next
	   chunk of shards and the next pass of rows. */
	strip = stream || (len > EC_STRIP_FROM &&
			   (rows > EC_ROWS ||
			    (OP == EC_ENCODE ? k > EC_WIDE_SHARDS : OP == EC_CHECK && k > EC_CHUNK) ||
			    ec_few_at_a_time(k, len, 0, OP)))
			? EC_STRIP
			: len;
	for (s = off; s < end; s = s_end) {
		s_end = end - s > strip ? s + strip : end;
		for (row0 = 0; row0 < rows; row0 += EC_ROWS) {
			int nr = rows - row0 < EC_ROWS ? rows - row0 : EC_ROWS;
			uint8_t *const *dst = OP == EC_CHECK ? parity + rows + row0 : parity + row0;
			uint8_t *const *stored = OP == EC_CHECK ? parity + row0 : NULL;

			/* diff's address only where it is used: taken, it needs an
			   aligned stack frame on every call */
			o = rows_fn(s, s_end, k, row0, gftbls, data, src, dst, accumulate, stored,
				    OP == EC_CHECK ? &diff : NULL, stream, nr);
		}
	}
	if (stream)
		vfence();	/* the streamed parity visible before the caller uses it */
	if (OP == EC_CHECK)
		return vany(diff) ||
		       (o < end && gfr_ec_check_base(o, end - o, k, rows, gftbls, data, parity));
	return ec_tail(o, end, k, rows, gftbls, data, src, parity, accumulate, OP);
}

/* Encode (not streaming) or update with the rows one pass makes, on
   blocks that need no strips: the variant itself, with the one copy of
   its loops, no strips and passes, whose set-up cost as much as the work
   on a page-sized call (md's k+m pages, a daemon's one-shard writes).
   Other calls go through ec_body, each of whose passes over a strip is a
   call of the variant again on those rows (their tables start 32 * k
   bytes a row further on), which is one of these. OP: EC_ENCODE or
   EC_UPDATE. */
GFR_INLINE int ec_one_pass(size_t len, int k, int rows, int OP)
{
	return rows <= EC_ROWS && (OP == EC_UPDATE || len <= EC_STRIP_FROM ||
				   (k <= EC_WIDE_SHARDS && !ec_few_at_a_time(k, len, 0, OP)));
}

/* ec_body must hand the variant passes of one pass only. */
_Static_assert(EC_STRIP <= EC_STRIP_FROM, "a strip of a pass would be strips again");

/* A variant of each op, its name written out in full where it is defined,
   so that grep finds it beside its registry line; nt 1: an encode that
   streams (ec_body, NT). */
#define GFR_EC_ENCODE(fn, nt) EC_ENCODE_##nt(fn)

#define EC_ENCODE_0(fn) \
	__attribute__((__noinline__)) void fn(size_t off, size_t len, int k, int rows, \
					      const uint8_t *gftbls, uint8_t *const *data, \
					      uint8_t *const *coding, int accumulate); \
	static size_t fn##_pass(EC_ROWS_PARAMS) \
	{ \
		(void)src, (void)stored, (void)diff, (void)stream; \
		fn(off, end - off, k, nr, gftbls + (size_t)32 * k * row0, data, dst, accumulate); \
		return end; \
	} \
	static __attribute__((__noinline__)) void fn##_passes( \
		size_t off, size_t len, int k, int rows, const uint8_t *gftbls, \
		uint8_t *const *data, uint8_t *const *coding, int accumulate) \
	{ \
		ec_body(fn##_pass, off, len, k, rows, gftbls, data, NULL, coding, accumulate, \
			EC_ENCODE, 0); \
	} \
	void fn(size_t off, size_t len, int k, int rows, const uint8_t *gftbls, \
		uint8_t *const *data, uint8_t *const *coding, int accumulate) \
	{ \
		if (!ec_one_pass(len, k, rows, EC_ENCODE)) \
			fn##_passes(off, len, k, rows, gftbls, data, coding, accumulate); \
		else \
			ec_tail(ec_rows_nr(off, off + len, k, 0, gftbls, data, coding, accumulate, \
					   NULL, NULL, 0, rows, EC_ENCODE), \
				off + len, k, rows, gftbls, data, NULL, coding, accumulate, \
				EC_ENCODE); \
	}

#define EC_ENCODE_1(fn) \
	EC_ROWS_FN(fn##_rows, EC_ENCODE, 1) \
	void fn(size_t off, size_t len, int k, int rows, const uint8_t *gftbls, \
		uint8_t *const *data, uint8_t *const *coding, int accumulate) \
	{ \
		ec_body(fn##_rows, off, len, k, rows, gftbls, data, NULL, coding, accumulate, \
			EC_ENCODE, 1); \
	}

/* An update of the rows one pass makes, out of line per row count and
   with the variant's own arguments: a call's way to its rows saves no
   registers that more rows need, and both the way there and on to base
   for the bytes past the last whole vector are jumps (page-sized updates
   are made by the million). The variant reaches them through a table:
   from a switch the compiler specialised each on its row count, and the
   specialised ones called base instead of jumping to it (their stacks
   realigned for it). */
#define EC_UPDATE_ROWS(fn, n) \
	static __attribute__((__noinline__)) int fn##_rows##n( \
		size_t off, size_t len, int k, int rows, const uint8_t *col, const uint8_t *data, \
		uint8_t *const *coding) \
	{ \
		(void)rows; /* n: one register fewer to keep for base */ \
		return ec_tail(ec_update_rows(off, off + len, k, col, data, coding, n), off + len, \
			       k, n, col, NULL, data, coding, 1, EC_UPDATE); \
	}
#define EC_UPDATE_ROWS_ENTRY(fn, n) fn##_rows##n,

#define GFR_EC_UPDATE(fn) \
	__attribute__((__noinline__)) int fn(size_t off, size_t len, int k, int rows, \
					     const uint8_t *col, const uint8_t *data, \
					     uint8_t *const *coding); \
	static size_t fn##_pass(EC_ROWS_PARAMS) \
	{ \
		(void)data, (void)accumulate, (void)stored, (void)diff, (void)stream; \
		fn(off, end - off, k, nr, gftbls + (size_t)32 * k * row0, src, dst); \
		return end; \
	} \
	static __attribute__((__noinline__)) int fn##_passes(size_t off, size_t len, int k, \
							    int rows, const uint8_t *col, \
							    const uint8_t *data, \
							    uint8_t *const *coding) \
	{ \
		return ec_body(fn##_pass, off, len, k, rows, col, NULL, data, coding, 1, EC_UPDATE, \
			       0); \
	} \
	EC_ROW_COUNTS(EC_UPDATE_ROWS, fn) \
	int fn(size_t off, size_t len, int k, int rows, const uint8_t *col, const uint8_t *data, \
	       uint8_t *const *coding) \
	{ \
		static int (*const rows_fn[])(size_t, size_t, int, int, const uint8_t *, \
					      const uint8_t *, uint8_t *const *) = { \
			EC_ROW_COUNTS(EC_UPDATE_ROWS_ENTRY, fn) \
		}; \
\
		if (!ec_one_pass(len, k, rows, EC_UPDATE)) \
			return fn##_passes(off, len, k, rows, col, data, coding); \
		if (rows > 0) \
			return rows_fn[rows - 1](off, len, k, rows, col, data, coding); \
		return 0; \
	}

#define GFR_EC_CHECK(fn) \
	EC_ROWS_FN(fn##_rows, EC_CHECK, 0) \
	int fn(size_t off, size_t len, int k, int rows, const uint8_t *gftbls, \
	       uint8_t *const *data, uint8_t *const *coding) \
	{ \
		return ec_body(fn##_rows, off, len, k, rows, gftbls, data, NULL, coding, 0, \
			       EC_CHECK, 0); \
	}

#endif
