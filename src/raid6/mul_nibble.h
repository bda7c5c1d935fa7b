/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* RAID-6 multiply by a constant through pshufb on the two nibble tables
   (SSSE3, AVX2, AVX-512 BW): the vmul simd_body.h asks for. */
#ifndef GFRAID_RAID6_MUL_NIBBLE_H
#define GFRAID_RAID6_MUL_NIBBLE_H

struct vmul {
	V lo, hi;
};
#define GFR_HAVE_VMUL 1

GFR_INLINE struct vmul vmul_setup(uint8_t c)
{
	uint8_t t[32];
	struct vmul m;

	gfr_gf_nibble_table(c, t);
	m.lo = vtable(t);
	m.hi = vtable(t + 16);
	return m;
}

GFR_INLINE V vmul(V x, struct vmul m)
{
	V nib = vbyte(0x0f);

	return vxor(vshuf(m.lo, vand(x, nib)), vshuf(m.hi, vnib_hi(x)));
}

#endif
