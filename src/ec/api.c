/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* Public Reed-Solomon entry points: check, then run the selected variant. */
#include "../ops.h"
#include "../gf/gf.h"

int gfr_ec_encode_tables(size_t len, int k, int rows, const uint8_t *gftbls,
			 uint8_t *const *data, uint8_t *const *coding)
{
	struct gfr_call c = { k, rows, 0, 0, 0, len, data, coding, gftbls };

	return gfr_run(GFRAID_OP_EC_ENCODE, gfr_call_ec_encode, &c);
}

static int shards_ok(int k, int rows)
{
	return k >= 1 && rows >= 1 && k <= GFRAID_MAX_SHARDS - rows;
}

void gfraid_ec_init_tables(int k, int rows, const unsigned char *a, unsigned char *gftbls)
{
	int i;

	if (!a || !gftbls || !shards_ok(k, rows))
		return;
	for (i = 0; i < k * rows; i++)
		gfr_gf_nibble_table(a[i], gftbls + (size_t)32 * i);
}

int gfraid_ec_encode_data(int len, int k, int rows, const unsigned char *gftbls,
			  unsigned char **data, unsigned char **coding)
{
	if (len < 0)
		return GFRAID_ELEN;
	if (!shards_ok(k, rows))
		return GFRAID_ESHARDS;
	if (!gftbls || !data || !coding || !gfr_ec_all_set(data, k) ||
	    !gfr_ec_all_set(coding, rows))
		return GFRAID_ENULL;
	if (len == 0)
		return 0;
	return gfr_ec_encode_tables((size_t)len, k, rows, gftbls, data, coding);
}

/* An update past the page-sized ones (below): the variant for its class
   and width, chosen now if need be; on the kernel's way, every update. */
static __attribute__((__noinline__)) int update_sized(int len, int k, int rows, int vec_i,
						      const unsigned char *gftbls,
						      const unsigned char *data,
						      unsigned char **coding)
{
	uint8_t *one = (uint8_t *)data;
	struct gfr_call c = { k, rows, vec_i, 0, 0, (size_t)len, &one, coding, gftbls };

	return gfr_run(GFRAID_OP_EC_UPDATE, gfr_call_ec_update, &c);
}

int gfraid_ec_encode_data_update(int len, int k, int rows, int vec_i,
				 const unsigned char *gftbls, const unsigned char *data,
				 unsigned char **coding)
{
	const struct gfr_impl *im;

	if (len < 0)
		return GFRAID_ELEN;
	if (!shards_ok(k, rows))
		return GFRAID_ESHARDS;
	if (vec_i < 0 || vec_i >= k)
		return GFRAID_EINDEX;
	if (!gftbls || !data || !coding || !gfr_ec_all_set(coding, rows))
		return GFRAID_ENULL;
	if (len == 0)
		return 0;
	/* A small update whose variant is chosen goes to it with a jump, and
	   with no call on its way the entry keeps no frame: md's k+m pages
	   and a daemon's partial writes make them by the million. The
	   variant takes these arguments in this order (gfr_ec_update_fn). */
	if (GFR_SIMD_BOUNDED || (size_t)len > GFR_SMALL_MAX)
		return update_sized(len, k, rows, vec_i, gftbls, data, coding);
	im = gfr_load_acquire(&gfr_selected[GFRAID_OP_EC_UPDATE][GFRAID_CLASS_SMALL]
					   [gfr_width_of(GFRAID_OP_EC_UPDATE, 1 + rows)]);
	if (!im)
		return update_sized(len, k, rows, vec_i, gftbls, data, coding);
	return ((gfr_ec_update_fn *)im->fn)(0, (size_t)len, k, rows,
					    gftbls + (size_t)32 * vec_i, data, coding);
}

/* The tables of the shards being updated are gathered a block at a time
   (on the stack: the kernel's is small), and the encode kernels run on
   them accumulating onto the coding buffers: one pass over coding per
   block, rather than one per shard. */
#define GATHER_ROWS 4
#define GATHER_SRCS 8

int gfraid_ec_update_shards(int len, int k, int rows, int nsrc, const int *vec_idx,
			    const unsigned char *gftbls, const unsigned char *const *src,
			    unsigned char **coding)
{
	uint8_t seen[GFRAID_MAX_SHARDS / 8] = { 0 };
	uint8_t tbl[GATHER_ROWS * GATHER_SRCS * 32];
	struct gfr_call c = { 0, 0, 0, 0, 0, (size_t)len, NULL, NULL, tbl };
	const struct gfr_impl *im;
	int s, s0, r0, r;

	if (len < 0)
		return GFRAID_ELEN;
	if (!shards_ok(k, rows) || nsrc < 0)
		return GFRAID_ESHARDS;
	if (!gftbls || !coding || !gfr_ec_all_set(coding, rows) ||
	    (nsrc && (!vec_idx || !src || !gfr_ec_all_set((unsigned char **)src, nsrc))))
		return GFRAID_ENULL;
	for (s = 0; s < nsrc; s++) {
		int v = vec_idx[s];

		if (v < 0 || v >= k || (seen[v / 8] >> (v % 8) & 1))
			return GFRAID_EINDEX;
		seen[v / 8] |= (uint8_t)(1u << (v % 8));
	}
	if (len == 0 || nsrc == 0)
		return 0;
	/* one variant for the whole call */
	im = gfr_impl_here(GFRAID_OP_EC_UPDATE_SHARDS, gfr_class(nsrc + rows, (size_t)len),
			   gfr_width_of(GFRAID_OP_EC_UPDATE_SHARDS, nsrc + rows));
	if (!im)
		return GFRAID_ESELFTEST;
	for (s0 = 0; s0 < nsrc; s0 += GATHER_SRCS) {
		int ns = nsrc - s0 < GATHER_SRCS ? nsrc - s0 : GATHER_SRCS;

		for (r0 = 0; r0 < rows; r0 += GATHER_ROWS) {
			int nr = rows - r0 < GATHER_ROWS ? rows - r0 : GATHER_ROWS;

			for (r = 0; r < nr; r++)
				for (s = 0; s < ns; s++)
					memcpy(tbl + (size_t)32 * (r * ns + s),
					       gftbls + (size_t)32 * ((size_t)(r0 + r) * k +
								      vec_idx[s0 + s]),
					       32);
			c.nin = ns;
			c.nout = nr;
			c.in = (uint8_t *const *)src + s0;
			c.out = coding + r0;
			gfr_run_on(GFRAID_OP_EC_UPDATE_SHARDS, gfr_call_ec_update_shards, im, &c);
		}
	}
	return 0;
}
