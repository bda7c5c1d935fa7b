// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/*
 * ec-cli raid6check's md superblock reader (tools/ec-cli/md_super.c): a
 * superblock as md writes one parses into its fields; the checksum covers
 * every byte md sums and no other; each field out of range gets its own
 * verdict, with no read past the 4 KiB; and the row layout places P, Q
 * and the data as md does. Real md's superblocks and rows are checked in
 * the qemu test (tests/kernel/qemu-md-raid6.sh).
 */
#include <stdio.h>
#include <string.h>

#include "common.h"
#include "md_super.h"

#define DISKS 6
#define MAX_DEV 9	/* 256 + 2 * 9 bytes: ends in a half word */

static void put16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
}

static void put32(uint8_t *p, uint32_t v)
{
	put16(p, (uint16_t)v);
	put16(p + 2, (uint16_t)(v >> 16));
}

static void put64(uint8_t *p, uint64_t v)
{
	put32(p, (uint32_t)v);
	put32(p + 4, (uint32_t)(v >> 32));
}

static void seal(uint8_t *sb)
{
	put32(sb + 216, md_super_checksum(sb, MAX_DEV));
}

/* Member dev_number 2 holding role 4 of a 6-disk left-symmetric RAID-6,
   64 KiB chunks, 1 GiB per member from sector 2048. */
static void make(uint8_t *sb)
{
	int d;

	memset(sb, 0, MD_SB_BYTES);
	put32(sb, MD_MAGIC);
	put32(sb + 4, 1);
	for (d = 0; d < 16; d++)
		sb[16 + d] = (uint8_t)(0xa0 + d);
	memcpy(sb + 32, "scrub", 5);
	put32(sb + 72, 6);
	put32(sb + 76, 2);
	put64(sb + 80, 2097152);
	put32(sb + 88, 128);
	put32(sb + 92, DISKS);
	put64(sb + 128, 2048);
	put32(sb + 160, 2);
	put64(sb + 200, 77);
	put32(sb + 220, MAX_DEV);
	for (d = 0; d < MAX_DEV; d++)
		put16(sb + 256 + 2 * d, d < DISKS ? (uint16_t)((d + 2) % DISKS) : 0xffff);
	seal(sb);
}

START_TEST(parses_what_md_writes)
{
	uint8_t b[MD_SB_BYTES];
	struct md_super sb;
	char why[160];

	make(b);
	ck_assert_int_eq(md_super_parse(b, &sb), MD_SB_OK);
	ck_assert_int_eq(sb.level, 6);
	ck_assert_int_eq(sb.layout, 2);
	ck_assert_int_eq(sb.raid_disks, DISKS);
	ck_assert_int_eq(sb.role, 4);
	ck_assert_uint_eq(sb.dev_number, 2);
	ck_assert_uint_eq(sb.chunk, 65536);
	ck_assert_uint_eq(sb.size, (uint64_t)1 << 30);
	ck_assert_uint_eq(sb.data_offset, 2048 * 512);
	ck_assert_uint_eq(sb.events, 77);
	ck_assert_uint_eq(sb.uuid[15], 0xaf);
	ck_assert_str_eq(md_super_why(MD_SB_OK, &sb, why, sizeof(why)),
			 "role 4 of 6, left-symmetric, chunk 65536 bytes");
}
END_TEST

/* Every byte md sums spoils the checksum when flipped (or the magic or
   version before it); the bytes past the roles are not summed. */
START_TEST(checksum_covers_what_md_sums)
{
	uint8_t b[MD_SB_BYTES];
	struct md_super sb;
	int i;

	for (i = 0; i < 256 + 2 * MAX_DEV; i++) {
		enum md_super_verdict v;

		make(b);
		b[i] ^= 0x10;
		v = md_super_parse(b, &sb);
		ck_assert_msg(v == MD_SB_CHECKSUM || (i < 8 && v != MD_SB_OK) ||
				      (i >= 220 && i < 224 && v == MD_SB_IMPLAUSIBLE),
			      "byte %d flipped: verdict %d", i, v);
	}
	make(b);
	b[256 + 2 * MAX_DEV] ^= 0xff;
	b[MD_SB_BYTES - 1] ^= 0xff;
	ck_assert_int_eq(md_super_parse(b, &sb), MD_SB_OK);
	/* a carry past 32 bits is folded back in */
	make(b);
	put32(b + 240, 0xffffffffu);
	put32(b + 244, 0xffffffffu);
	seal(b);
	ck_assert_int_eq(md_super_parse(b, &sb), MD_SB_OK);
	put32(b + 216, md_super_checksum(b, MAX_DEV) + 1);
	ck_assert_int_eq(md_super_parse(b, &sb), MD_SB_CHECKSUM);
}
END_TEST

/* Each field out of range, resealed: its own verdict and words for it. */
START_TEST(refusals)
{
	static const struct {
		int at, bytes;
		uint64_t value;
		enum md_super_verdict want;
		const char *says;
	} cases[] = {
		{ 0, 4, 0x12345678, MD_SB_NO_MAGIC, "no md superblock" },
		{ 4, 4, 0, MD_SB_VERSION, "major version" },
		{ 72, 4, 5, MD_SB_LEVEL, "level 5" },
		{ 8, 4, 4, MD_SB_RESHAPE, "reshaped" },
		{ 76, 4, 5, MD_SB_LAYOUT, "parity-last" },
		{ 76, 4, 99, MD_SB_LAYOUT, "(unknown)" },
		{ 92, 4, 3, MD_SB_IMPLAUSIBLE, "raid_disks 3" },
		{ 92, 4, 258, MD_SB_IMPLAUSIBLE, "raid_disks 258" },
		{ 92, 4, 0x80000000u, MD_SB_IMPLAUSIBLE, "implausible" },
		{ 88, 4, 0, MD_SB_IMPLAUSIBLE, "chunk 0" },
		{ 88, 4, 7, MD_SB_IMPLAUSIBLE, "chunk 3584" },
		{ 160, 4, MAX_DEV, MD_SB_IMPLAUSIBLE, "dev_number 9 of max_dev 9" },
		{ 80, 8, UINT64_MAX, MD_SB_IMPLAUSIBLE, "implausible" },
		{ 128, 8, UINT64_MAX / 256, MD_SB_IMPLAUSIBLE, "implausible" },
		{ 220, 4, 1921, MD_SB_IMPLAUSIBLE, "max_dev 1921" },
		{ 220, 4, 0xffffffffu, MD_SB_IMPLAUSIBLE, "implausible" },
		{ 256 + 4, 2, 0xffff, MD_SB_NOT_ACTIVE, "role 0xffff" },
		{ 256 + 4, 2, 0xfffe, MD_SB_NOT_ACTIVE, "role 0xfffe" },
		{ 256 + 4, 2, DISKS, MD_SB_NOT_ACTIVE, "role 0x0006" },
	};
	uint8_t b[MD_SB_BYTES];
	struct md_super sb;
	char why[160];
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		enum md_super_verdict v;

		make(b);
		if (cases[i].bytes == 2)
			put16(b + cases[i].at, (uint16_t)cases[i].value);
		else if (cases[i].bytes == 4)
			put32(b + cases[i].at, (uint32_t)cases[i].value);
		else
			put64(b + cases[i].at, cases[i].value);
		if (cases[i].at != 220)
			seal(b);
		v = md_super_parse(b, &sb);
		md_super_why(v, &sb, why, sizeof(why));
		ck_assert_msg(v == cases[i].want, "case %zu: verdict %d, want %d (%s)", i, v,
			      cases[i].want, why);
		ck_assert_msg(strstr(why, cases[i].says), "case %zu: '%s' does not say '%s'", i,
			      why, cases[i].says);
	}
}
END_TEST

/*
 * Rows as md places them (drivers/md/raid5.c): P on the last member in
 * row 0 of the left layouts and moving left, on the first in the right
 * ones and moving right; Q after P, around; the data in Q's weighting
 * from the member after Q on, around.
 */
START_TEST(row_layout)
{
	static const struct {
		int layout, row, slot[DISKS];
	} rows[] = {
		{ 2, 0, { 1, 2, 3, 4, 5, 0 } },
		{ 2, 1, { 0, 1, 2, 3, 4, 5 } },
		{ 2, 2, { 5, 0, 1, 2, 3, 4 } },
		{ 0, 7, { 0, 1, 2, 3, 4, 5 } },
		{ 1, 0, { 2, 3, 4, 5, 0, 1 } },
		{ 3, 4, { 0, 1, 2, 3, 4, 5 } },
		{ 3, 5, { 1, 2, 3, 4, 5, 0 } },
	};
	size_t i;
	int layout, disks, z;
	uint64_t s;

	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		int slot[DISKS];

		md_stripe_roles(DISKS, rows[i].layout, (uint64_t)rows[i].row, slot);
		for (z = 0; z < DISKS; z++)
			ck_assert_msg(slot[z] == rows[i].slot[z], "layout %d row %d slot %d: %d, want %d",
				      rows[i].layout, rows[i].row, z, slot[z], rows[i].slot[z]);
	}
	/* every member once in every row, P and Q each on every member in turn */
	for (layout = 0; layout < MD_LAYOUTS; layout++)
		for (disks = 4; disks <= 12; disks++)
			for (s = 0; s < (uint64_t)disks; s++) {
				int slot[12], seen = 0;

				md_stripe_roles(disks, layout, s, slot);
				for (z = 0; z < disks; z++) {
					ck_assert_int_lt(slot[z], disks);
					ck_assert_int_eq(seen >> slot[z] & 1, 0);
					seen |= 1 << slot[z];
				}
				ck_assert_int_eq(slot[disks - 2],
						 layout == 0 || layout == 2 ? disks - 1 - (int)s : (int)s);
				ck_assert_int_eq(slot[disks - 1], (slot[disks - 2] + 1) % disks);
			}
	ck_assert_str_eq(md_layout_name(0), "left-asymmetric");
	ck_assert_str_eq(md_layout_name(3), "right-symmetric");
	ck_assert_ptr_null(md_layout_name(6));
}
END_TEST

int main(void)
{
	const TTest *const tests[] = {
		parses_what_md_writes,
		checksum_covers_what_md_sums,
		refusals,
		row_layout,
		NULL,
	};

	return run_tests("md_super", 60, tests, NULL, NULL);
}
