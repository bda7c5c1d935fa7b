/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* Public Reed-Solomon entry points: check, then run the selected variant. */
#include "../dispatch.h"
#include "../gf/gf.h"

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
	gfr_impl_current(GFRAID_OP_EC_ENCODE)->fn.encode((size_t)len, k, rows, gftbls,
							  data, coding);
	return 0;
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
	gfr_impl_current(GFRAID_OP_EC_UPDATE)->fn.update((size_t)len, k, rows, vec_i, gftbls,
							  data, coding);
	return 0;
}
