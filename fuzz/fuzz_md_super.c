// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/*
 * ec-cli raid6check's md superblock reader on superblocks the fuzzer
 * writes: a superblock comes from a device and is untrusted. It must never
 * read past the 4 KiB it is given (ASan) and must take only what an array
 * can have: an active role below raid_disks, 4..257 disks, a chunk a
 * multiple of 4 KiB, a standard layout; whose rows then place every
 * member once.
 *
 * Input: a flag byte (bit 0: write the right checksum, so that the fields
 * behind it are reached), then the superblock's bytes, zero past them.
 */
#include "fuzz.h"
#include "md_super.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t *b = malloc(MD_SB_BYTES);
	struct md_super sb;
	enum md_super_verdict v;
	char why[160];
	uint32_t max_dev;
	int slot[GFRAID_MAX_DISKS], seen[GFRAID_MAX_DISKS], z;
	uint64_t s;

	if (!b || !size)
		goto out;
	memset(b, 0, MD_SB_BYTES);
	memcpy(b, data + 1, size - 1 < MD_SB_BYTES ? size - 1 : MD_SB_BYTES);
	max_dev = (uint32_t)b[220] | (uint32_t)b[221] << 8 | (uint32_t)b[222] << 16 |
		  (uint32_t)b[223] << 24;
	if ((data[0] & 1) && max_dev <= (MD_SB_BYTES - 256) / 2) {
		uint32_t c = md_super_checksum(b, max_dev);

		b[216] = (uint8_t)c;
		b[217] = (uint8_t)(c >> 8);
		b[218] = (uint8_t)(c >> 16);
		b[219] = (uint8_t)(c >> 24);
	}
	v = md_super_parse(b, &sb);
	md_super_why(v, &sb, why, sizeof(why));
	if (v != MD_SB_OK)
		goto out;
	FUZZ_CHECK(sb.level == 6 && sb.layout >= 0 && sb.layout < MD_LAYOUTS, "level %d layout %d",
		   sb.level, sb.layout);
	FUZZ_CHECK(sb.raid_disks >= 4 && sb.raid_disks <= GFRAID_MAX_DISKS, "raid_disks %d",
		   sb.raid_disks);
	FUZZ_CHECK(sb.role >= 0 && sb.role < sb.raid_disks, "role %d", sb.role);
	FUZZ_CHECK(sb.chunk && sb.chunk % 4096 == 0, "chunk %llu", (unsigned long long)sb.chunk);
	for (s = 0; s < 3; s++) {
		memset(seen, 0, sizeof(seen));
		md_stripe_roles(sb.raid_disks, sb.layout, s * 7919, slot);
		for (z = 0; z < sb.raid_disks; z++) {
			FUZZ_CHECK(slot[z] >= 0 && slot[z] < sb.raid_disks && !seen[slot[z]],
				   "row %llu slot %d: member %d", (unsigned long long)s, z, slot[z]);
			seen[slot[z]] = 1;
		}
	}
out:
	free(b);
	return 0;
}
