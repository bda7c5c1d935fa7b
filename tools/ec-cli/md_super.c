/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/* md's v1 superblock and RAID-6 row layout (md_super.h). */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "gfraid.h"
#include "md_super.h"

/* Byte offsets in struct mdp_superblock_1; every field little-endian. */
enum {
	SB_MAGIC = 0, SB_MAJOR = 4, SB_FEATURES = 8, SB_UUID = 16, SB_LEVEL = 72,
	SB_LAYOUT = 76, SB_SIZE = 80, SB_CHUNK = 88, SB_DISKS = 92, SB_DATA_OFFSET = 128,
	SB_DEV_NUMBER = 160, SB_EVENTS = 200, SB_CSUM = 216, SB_MAX_DEV = 220, SB_ROLES = 256,
};
#define FEATURE_RESHAPE 4u		/* MD_FEATURE_RESHAPE_ACTIVE */
#define MAX_DEV ((MD_SB_BYTES - SB_ROLES) / 2)
#define SECTORS_MAX (UINT64_MAX / 512)

static uint16_t le16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

static uint32_t le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t le64(const uint8_t *p)
{
	return le32(p) | (uint64_t)le32(p + 4) << 32;
}

uint32_t md_super_checksum(const uint8_t *bytes, uint32_t max_dev)
{
	size_t n = SB_ROLES + 2 * (size_t)max_dev, i;
	uint64_t sum = 0;

	for (i = 0; i + 4 <= n; i += 4)
		if (i != SB_CSUM)
			sum += le32(bytes + i);
	if (n - i == 2)
		sum += le16(bytes + i);
	return (uint32_t)(sum & 0xffffffffu) + (uint32_t)(sum >> 32);
}

const char *md_layout_name(int layout)
{
	switch (layout) {
	case 0: return "left-asymmetric";
	case 1: return "right-asymmetric";
	case 2: return "left-symmetric";
	case 3: return "right-symmetric";
	case 4: return "parity-first";
	case 5: return "parity-last";
	case 8: return "rotating-zero-restart (DDF)";
	case 9: return "rotating-n-restart (DDF)";
	case 10: return "rotating-n-continue (DDF)";
	case 16: return "left-asymmetric-6";
	case 17: return "right-asymmetric-6";
	case 18: return "left-symmetric-6";
	case 19: return "right-symmetric-6";
	case 20: return "parity-first-6";
	default: return NULL;
	}
}

/* The fields of a superblock whose checksum holds, as far as they can be
   taken for a RAID-6 array: a verdict other than MD_SB_OK where not. */
static enum md_super_verdict check_fields(const uint8_t *b, struct md_super *sb)
{
	uint64_t size = le64(b + SB_SIZE), offset = le64(b + SB_DATA_OFFSET);
	uint32_t chunk = le32(b + SB_CHUNK), disks = le32(b + SB_DISKS);

	sb->level = (int)le32(b + SB_LEVEL);
	sb->layout = (int)le32(b + SB_LAYOUT);
	sb->raid_disks = disks > INT32_MAX ? INT32_MAX : (int)disks;
	sb->dev_number = le32(b + SB_DEV_NUMBER);
	sb->chunk = (uint64_t)chunk * 512;
	sb->events = le64(b + SB_EVENTS);
	memcpy(sb->uuid, b + SB_UUID, sizeof(sb->uuid));
	if (sb->level != 6)
		return MD_SB_LEVEL;
	if (sb->feature_map & FEATURE_RESHAPE)
		return MD_SB_RESHAPE;
	if (sb->layout < 0 || sb->layout >= MD_LAYOUTS)
		return MD_SB_LAYOUT;
	if (disks < 4 || disks > GFRAID_MAX_DISKS || chunk == 0 || sb->chunk % 4096 ||
	    sb->dev_number >= sb->max_dev || size > SECTORS_MAX || offset > SECTORS_MAX)
		return MD_SB_IMPLAUSIBLE;
	sb->size = size * 512;
	sb->data_offset = offset * 512;
	sb->role = le16(b + SB_ROLES + 2 * sb->dev_number);
	return sb->role < sb->raid_disks ? MD_SB_OK : MD_SB_NOT_ACTIVE;
}

enum md_super_verdict md_super_parse(const uint8_t *bytes, struct md_super *sb)
{
	memset(sb, 0, sizeof(*sb));
	sb->role = -1;
	if (le32(bytes + SB_MAGIC) != MD_MAGIC)
		return MD_SB_NO_MAGIC;
	if (le32(bytes + SB_MAJOR) != 1)
		return MD_SB_VERSION;
	sb->feature_map = le32(bytes + SB_FEATURES);
	sb->max_dev = le32(bytes + SB_MAX_DEV);
	if (sb->max_dev > MAX_DEV)
		return MD_SB_IMPLAUSIBLE;	/* its roles would lie past the bytes read */
	if (md_super_checksum(bytes, sb->max_dev) != le32(bytes + SB_CSUM))
		return MD_SB_CHECKSUM;
	return check_fields(bytes, sb);
}

const char *md_super_why(enum md_super_verdict v, const struct md_super *sb, char *buf,
			 size_t n)
{
	const char *name;

	switch (v) {
	case MD_SB_OK:
		snprintf(buf, n, "role %d of %d, %s, chunk %" PRIu64 " bytes", sb->role,
			 sb->raid_disks, md_layout_name(sb->layout), sb->chunk);
		break;
	case MD_SB_NO_MAGIC:
		snprintf(buf, n, "no md superblock");
		break;
	case MD_SB_VERSION:
		snprintf(buf, n, "md superblock of another major version than 1");
		break;
	case MD_SB_CHECKSUM:
		snprintf(buf, n, "md superblock checksum does not match its bytes (damaged?)");
		break;
	case MD_SB_LEVEL:
		snprintf(buf, n, "md level %d, not RAID-6", sb->level);
		break;
	case MD_SB_RESHAPE:
		snprintf(buf, n, "the array is being reshaped");
		break;
	case MD_SB_LAYOUT:
		name = md_layout_name(sb->layout);
		snprintf(buf, n, "layout %s is not one of the four standard RAID-6 layouts",
			 name ? name : "(unknown)");
		break;
	case MD_SB_IMPLAUSIBLE:
		snprintf(buf, n, "implausible superblock (raid_disks %d, chunk %" PRIu64
			 " bytes, dev_number %u of max_dev %u)", sb->raid_disks, sb->chunk,
			 sb->dev_number, sb->max_dev);
		break;
	case MD_SB_NOT_ACTIVE:
		snprintf(buf, n, "not an active member (role 0x%04x)", (unsigned int)sb->role);
		break;
	}
	return buf;
}

void md_stripe_roles(int disks, int layout, uint64_t s, int *slot)
{
	int r = (int)(s % (uint64_t)disks), pd, qd, d0, i, z = 0;

	/* left layouts: P moves from the last member towards the first */
	pd = layout == 0 || layout == 2 ? disks - 1 - r : r;
	qd = (pd + 1) % disks;
	/* Q weighs the data from the member after Q on, around */
	d0 = qd == disks - 1 ? 0 : qd + 1;
	for (i = 0; i < disks; i++) {
		int dev = (d0 + i) % disks;

		if (dev != pd && dev != qd)
			slot[z++] = dev;
	}
	slot[disks - 2] = pd;
	slot[disks - 1] = qd;
}
