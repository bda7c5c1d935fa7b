// SPDX-License-Identifier: GPL-2.0-only
/*
 * A program written for ISA-L's erasure-code interface, built only from the
 * installed libgfraid-isal (pkg-config gfraid-isal). It cannot link libisal
 * as well (the names are the same), so its parity is checked against a
 * bit-by-bit multiply here, and a decode through gf_invert_matrix must give
 * the lost blocks back. Exit status 0 when every byte matches.
 */
#include <erasure_code.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { K = 10, M = 4, LEN = 4096 + 37 };

static unsigned char slow_mul(unsigned char a, unsigned char b)
{
	unsigned char r = 0;

	while (b) {
		if (b & 1)
			r ^= a;
		a = (unsigned char)((a << 1) ^ ((a & 0x80) ? 0x1d : 0));
		b >>= 1;
	}
	return r;
}

int main(void)
{
	static unsigned char buf[K + M][LEN], rec[2][LEN];
	unsigned char a[(K + M) * K], sub[K * K], inv[K * K], dec[2 * K];
	unsigned char g[K * M * 32], gd[K * 2 * 32];
	unsigned char *data[K], *coding[M], *src[K], *out[2];
	const int lost[2] = { 1, 7 };
	unsigned int seed = 12345;
	int i, j, r, n;

	for (i = 0; i < K; i++)
		for (j = 0; j < LEN; j++) {
			seed = seed * 1103515245u + 12345u;
			buf[i][j] = (unsigned char)(seed >> 16);
		}
	for (i = 0; i < K; i++)
		data[i] = buf[i];
	for (i = 0; i < M; i++)
		coding[i] = buf[K + i];

	gf_gen_cauchy1_matrix(a, K + M, K);
	ec_init_tables(K, M, &a[K * K], g);
	ec_encode_data(LEN, K, M, g, data, coding);
	for (r = 0; r < M; r++)
		for (j = 0; j < LEN; j++) {
			unsigned char p = 0;

			for (i = 0; i < K; i++)
				p ^= slow_mul(a[(K + r) * K + i], buf[i][j]);
			if (p != coding[r][j]) {
				fprintf(stderr, "isal-consumer: parity %d byte %d differs\n", r, j);
				return 1;
			}
		}

	/* lose data blocks 1 and 7; decode from the first K survivors */
	for (i = 0, n = 0; n < K; i++) {
		if (i == lost[0] || i == lost[1])
			continue;
		memcpy(&sub[n * K], &a[i * K], K);
		src[n++] = buf[i];
	}
	if (gf_invert_matrix(sub, inv, K) != 0) {
		fprintf(stderr, "isal-consumer: survivor matrix not invertible\n");
		return 1;
	}
	for (r = 0; r < 2; r++) {
		memcpy(&dec[r * K], &inv[lost[r] * K], K);
		out[r] = rec[r];
	}
	ec_init_tables(K, 2, dec, gd);
	ec_encode_data(LEN, K, 2, gd, src, out);
	for (r = 0; r < 2; r++)
		if (memcmp(rec[r], buf[lost[r]], LEN) != 0) {
			fprintf(stderr, "isal-consumer: block %d not recovered\n", lost[r]);
			return 1;
		}
	if (gf_mul(gf_inv(0x53), 0x53) != 1) {
		fprintf(stderr, "isal-consumer: gf_inv(0x53) is not 0x53's inverse\n");
		return 1;
	}
	return 0;
}
