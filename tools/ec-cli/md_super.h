/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * md's v1 superblock (Linux include/uapi/linux/raid/md_p.h, struct
 * mdp_superblock_1) read from its bytes, which come from a device and are
 * trusted in nothing: every field is checked before it is used, the
 * checksum first. And where md places P, Q and the data of a RAID-6
 * chunk row (drivers/md/raid5.c) in the four standard layouts.
 */
#ifndef GFRAID_MD_SUPER_H
#define GFRAID_MD_SUPER_H

#include <stddef.h>
#include <stdint.h>

#define MD_MAGIC 0xa92b4efcu
#define MD_SB_BYTES 4096		/* what is read; the superblock is at most this */
#define MD_SB_V12_OFFSET 4096		/* where v1.2 puts it on a member */
#define MD_LAYOUTS 4			/* left/right-asymmetric/symmetric */

struct md_super {
	int level, layout, raid_disks;
	int role;			/* this member's place in the array */
	uint32_t dev_number, max_dev, feature_map;
	uint64_t size;			/* bytes of each member the array uses */
	uint64_t chunk;			/* bytes */
	uint64_t data_offset;		/* bytes */
	uint64_t events;
	uint8_t uuid[16];
};

/* What md_super_parse found (md_super_why says it in words). */
enum md_super_verdict {
	MD_SB_OK,
	MD_SB_NO_MAGIC,			/* no v1 superblock at all */
	MD_SB_VERSION,			/* major_version is not 1 */
	MD_SB_CHECKSUM,			/* sb_csum does not match the bytes */
	MD_SB_LEVEL,			/* not RAID-6 */
	MD_SB_RESHAPE,			/* a reshape is under way */
	MD_SB_LAYOUT,			/* not one of the four standard layouts */
	MD_SB_IMPLAUSIBLE,		/* counts or sizes no array has */
	MD_SB_NOT_ACTIVE,		/* a spare, faulty or unused slot */
};

/*
 * Parse the MD_SB_BYTES bytes of a v1 superblock into *sb (filled as far
 * as the fields were read): MD_SB_OK only for an active member of a
 * RAID-6 array in a standard layout whose checksum holds.
 */
enum md_super_verdict md_super_parse(const uint8_t *bytes, struct md_super *sb);

/* A sentence on the verdict, with the fields that led to it. */
const char *md_super_why(enum md_super_verdict v, const struct md_super *sb, char *buf,
			 size_t n);

/* md's checksum of a v1 superblock: the little-endian 32-bit words of its
   first 256 + 2 * max_dev bytes (sb_csum taken as 0), the carry folded
   back in once. max_dev must keep that within MD_SB_BYTES. */
uint32_t md_super_checksum(const uint8_t *bytes, uint32_t max_dev);

/* The name of RAID-6 layout number `layout` (md's ALGORITHM_*), standard
   or not, or NULL for a number md does not have. */
const char *md_layout_name(int layout);

/*
 * Chunk row s of a RAID-6 array of `disks` members in a standard layout:
 * slot[] gets each member's role in gen_syndrome's order: the data in the
 * order md weighs it into Q, then P, then Q.
 */
void md_stripe_roles(int disks, int layout, uint64_t s, int *slot);

#endif
