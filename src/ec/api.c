/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* Public Reed-Solomon entry points: check, then run the selected variant. */
#include "../dispatch.h"
#include "../gf/gf.h"

/*
 * Run an encode (vec_i < 0, data has k shards) or an update (data[0] is
 * shard vec_i) over [0, len) in sections, SIMD ones between
 * gfr_simd_begin/end (see src/raid6/api.c).
 */
static void ec_run(const struct gfr_impl *im, size_t len, int k, int rows, int vec_i,
		   const uint8_t *gftbls, uint8_t *const *data, uint8_t *const *coding)
{
	size_t step = gfr_section_len(len, k + rows), off, n;

	for (off = 0; off < len; off += n) {
		n = len - off < step ? len - off : step;
		if (im->needs)
			gfr_simd_begin();
		if (vec_i < 0)
			im->fn.encode(off, n, k, rows, gftbls, data, coding);
		else
			im->fn.update(off, n, k, rows, vec_i, gftbls, data[0], coding);
		if (im->needs)
			gfr_simd_end();
	}
}

int gfr_ec_encode_tables(size_t len, int k, int rows, const uint8_t *gftbls,
			 uint8_t *const *data, uint8_t *const *coding)
{
	const struct gfr_impl *im = gfr_impl_current(GFRAID_OP_EC_ENCODE);

	if (!im)
		return GFRAID_ESELFTEST;
	ec_run(im, len, k, rows, -1, gftbls, data, coding);
	return 0;
}

static int shards_ok(int k, int rows)
{
	return k >= 1 && rows >= 1 && k <= GFRAID_MAX_SHARDS - rows;
}

static int all_set(unsigned char **v, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (!v[i])
			return 0;
	return 1;
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
	if (!gftbls || !data || !coding || !all_set(data, k) || !all_set(coding, rows))
		return GFRAID_ENULL;
	if (len == 0)
		return 0;
	return gfr_ec_encode_tables((size_t)len, k, rows, gftbls, data, coding);
}

int gfraid_ec_encode_data_update(int len, int k, int rows, int vec_i,
				 const unsigned char *gftbls, const unsigned char *data,
				 unsigned char **coding)
{
	if (len < 0)
		return GFRAID_ELEN;
	if (!shards_ok(k, rows))
		return GFRAID_ESHARDS;
	if (vec_i < 0 || vec_i >= k)
		return GFRAID_EINDEX;
	if (!gftbls || !data || !coding || !all_set(coding, rows))
		return GFRAID_ENULL;
	if (len == 0)
		return 0;
	{
		const struct gfr_impl *im = gfr_impl_current(GFRAID_OP_EC_UPDATE);
		uint8_t *one = (uint8_t *)data;

		if (!im)
			return GFRAID_ESELFTEST;
		ec_run(im, (size_t)len, k, rows, vec_i, gftbls, &one, coding);
	}
	return 0;
}
