/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * ec-cli raid6check: scrub the members of an md RAID-6 array that is not
 * running, stripe (chunk row) by stripe, with gfraid_raid6_check: which
 * stripes are consistent, which one member is wrong where, which cannot
 * be told; --repair rewrites located members only.
 *
 * md's v1.2 superblock (Linux include/uapi/linux/raid/md_p.h, struct
 * mdp_superblock_1) sits 4 KiB into each member; the offsets used here:
 *   0 magic 0xa92b4efc, 4 major_version 1, 16 set_uuid[16], 72 level,
 *   76 layout, 80 size (sectors per member), 88 chunksize (sectors),
 *   92 raid_disks, 100 new_level, 104 reshape_position, 112 delta_disks,
 *   128 data_offset, 136 data_size, 144 super_offset, 160 dev_number,
 *   200 events, 220 max_dev, 256 dev_roles[max_dev] (le16; 0xffff spare,
 *   0xfffe faulty), all little-endian; feature_map bit 2 (reshape active).
 * The placement of P, Q and data in a chunk row, and the order of data in
 * Q, follow drivers/md/raid5.c (raid5_compute_sector, raid6_d0,
 * raid6_idx_to_slot) for the four standard layouts.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "gfraid.h"

#define MD_MAGIC 0xa92b4efcu
#define SB_V12_OFFSET 4096
#define SB_BYTES 4096
#define FEATURE_RESHAPE 4u

static const char *const layout_names[] = { "left-asymmetric", "right-asymmetric",
					    "left-symmetric", "right-symmetric" };
#define LAYOUTS ((int)(sizeof(layout_names) / sizeof(layout_names[0])))

/* md's other RAID-6 layouts, refused by name */
static const char *other_layout(int layout)
{
	switch (layout) {
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

struct member {
	const char *path;
	int fd, role;
	uint64_t data_offset;	/* bytes */
	uint64_t events;
	uint8_t uuid[16];
};

struct array {
	int disks, layout, level;
	uint64_t chunk;		/* bytes */
	uint64_t stripes;	/* chunk rows */
	struct member *m;	/* by role */
};

static uint32_t le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t le64(const uint8_t *p)
{
	return le32(p) | (uint64_t)le32(p + 4) << 32;
}

static uint16_t le16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

/* All n bytes at off, read (write 0) or written: 0, or -1 (errno set,
   or 0 for a short read past the end). */
static int io_at(int fd, void *buf, size_t n, uint64_t off, int write)
{
	size_t done = 0;

	errno = 0;
	while (done < n) {
		uint8_t *p = (uint8_t *)buf + done;
		ssize_t r = write ? pwrite(fd, p, n - done, (off_t)(off + done))
				  : pread(fd, p, n - done, (off_t)(off + done));

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return -1;
		done += (size_t)r;
	}
	return 0;
}

static int read_at(int fd, void *buf, size_t n, uint64_t off)
{
	return io_at(fd, buf, n, off, 0);
}

static uint64_t device_bytes(int fd)
{
	off_t end = lseek(fd, 0, SEEK_END);

	return end < 0 ? 0 : (uint64_t)end;
}

/* Which other md superblock version fd holds, if any, for the refusal. */
static const char *other_superblock(int fd)
{
	uint8_t b[8];
	uint64_t size = device_bytes(fd);

	if (read_at(fd, b, 8, 0) == 0 && le32(b) == MD_MAGIC)
		return "1.1 (at the start of the device)";
	if (size >= 8192 && read_at(fd, b, 8, ((size >> 9) - 16) / 8 * 8 * 512) == 0 &&
	    le32(b) == MD_MAGIC)
		return "1.0 (at the end of the device)";
	if (size >= 65536 && read_at(fd, b, 8, (size & ~(uint64_t)65535) - 65536) == 0 &&
	    (le32(b) == MD_MAGIC || (uint32_t)(b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3]) == MD_MAGIC))
		return "0.90";
	return NULL;
}

/* Member mb's v1.2 superblock into a (geometry) and mb (role, offset):
   0, or -1 with the reason printed. */
static int read_superblock(struct member *mb, struct array *a, int first)
{
	uint8_t sb[SB_BYTES];
	const char *other;
	uint32_t max_dev, dev_number;
	uint16_t role;
	int disks, layout, level;
	uint64_t size, chunk;

	if (read_at(mb->fd, sb, sizeof(sb), SB_V12_OFFSET) || le32(sb) != MD_MAGIC) {
		other = other_superblock(mb->fd);
		if (other)
			fprintf(stderr,
				"ec-cli raid6check: %s: md superblock version %s, not 1.2; give the "
				"geometry (--raid-disks, --layout, --chunk, --data-offset) and the "
				"members in role order\n",
				mb->path, other);
		else
			fprintf(stderr, "ec-cli raid6check: %s: no md superblock\n", mb->path);
		return -1;
	}
	if (le32(sb + 4) != 1) {
		fprintf(stderr, "ec-cli raid6check: %s: md superblock major version %u\n", mb->path,
			le32(sb + 4));
		return -1;
	}
	level = (int)le32(sb + 72);
	layout = (int)le32(sb + 76);
	size = le64(sb + 80);
	chunk = (uint64_t)le32(sb + 88) * 512;
	disks = (int)le32(sb + 92);
	dev_number = le32(sb + 160);
	max_dev = le32(sb + 220);
	if (level != 6) {
		fprintf(stderr, "ec-cli raid6check: %s: md level %d, not RAID-6\n", mb->path, level);
		return -1;
	}
	if (le32(sb + 8) & FEATURE_RESHAPE) {
		fprintf(stderr, "ec-cli raid6check: %s: the array is being reshaped\n", mb->path);
		return -1;
	}
	if (layout < 0 || layout >= LAYOUTS) {
		fprintf(stderr, "ec-cli raid6check: %s: layout %s is not one of the four standard "
			"RAID-6 layouts\n", mb->path,
			other_layout(layout) ? other_layout(layout) : "(unknown)");
		return -1;
	}
	if (disks < 4 || disks > GFRAID_MAX_DISKS || chunk == 0 || chunk % 4096 ||
	    dev_number >= max_dev || 256 + 2 * (size_t)max_dev > sizeof(sb)) {
		fprintf(stderr, "ec-cli raid6check: %s: implausible superblock (raid_disks %d, "
			"chunk %" PRIu64 " bytes, dev_number %u of %u)\n",
			mb->path, disks, chunk, dev_number, max_dev);
		return -1;
	}
	role = le16(sb + 256 + 2 * dev_number);
	if (role >= disks) {
		fprintf(stderr, "ec-cli raid6check: %s: not an active member (role 0x%04x)\n",
			mb->path, role);
		return -1;
	}
	mb->role = role;
	mb->data_offset = le64(sb + 128) * 512;
	mb->events = le64(sb + 200);
	memcpy(mb->uuid, sb + 16, 16);
	if (first) {
		a->disks = disks;
		a->layout = layout;
		a->level = level;
		a->chunk = chunk;
		a->stripes = size * 512 / chunk;
	} else if (a->disks != disks || a->layout != layout || a->chunk != chunk ||
		   a->stripes != size * 512 / chunk) {
		fprintf(stderr, "ec-cli raid6check: %s: its geometry differs from the first "
			"member's\n", mb->path);
		return -1;
	}
	return 0;
}

/*
 * Chunk row s: the device roles of P and Q, and slot[] the role of each
 * member in gen_syndrome's order: the data in the order md feeds them to
 * Q (from the device after Q, around), then P, then Q.
 */
static void stripe_roles(const struct array *a, uint64_t s, int *slot)
{
	int n = a->disks, pd, qd, i, d0, z = 0;
	int r = (int)(s % (uint64_t)n);

	if (a->layout == 0 || a->layout == 2)	/* left: parity moves left */
		pd = n - 1 - r;
	else
		pd = r;
	qd = (pd + 1) % n;
	d0 = qd == n - 1 ? 0 : qd + 1;
	for (i = 0; i < n; i++) {
		int dev = (d0 + i) % n;

		if (dev != pd && dev != qd)
			slot[z++] = dev;
	}
	slot[n - 2] = pd;
	slot[n - 1] = qd;
}

struct tally {
	uint64_t stripes, consistent, located, unlocatable, repaired;
};

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* The byte range of the located member that differs from what the others
   give: recovered into tmp, compared. */
static void wrong_range(int disks, size_t bytes, void **ptrs, int slot, uint8_t *tmp,
			size_t *first, size_t *last)
{
	void *saved[GFRAID_MAX_DISKS];
	const uint8_t *was = ptrs[slot];
	size_t i;

	memcpy(saved, ptrs, sizeof(*ptrs) * (size_t)disks);
	saved[slot] = tmp;
	gfraid_raid6_recover(disks, bytes, slot, -1, saved);
	*first = *last = 0;
	for (i = 0; i < bytes && was[i] == tmp[i]; i++)
		;
	*first = i;
	for (i = bytes; i > *first && was[i - 1] == tmp[i - 1]; i--)
		;
	*last = i ? i - 1 : 0;
}

/* s as a JSON string's contents. */
static void json_str(const char *s)
{
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			printf("\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			printf("\\u%04x", (unsigned char)*s);
		else
			putchar(*s);
	}
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: ec-cli raid6check [options] MEMBER...\n\n"
		"Scrubs the members (block devices or image files) of an md RAID-6 array that\n"
		"is not running, chunk row by chunk row: consistent, the one member that is\n"
		"wrong and where, or unlocatable (more than one member wrong in a row). The\n"
		"geometry comes from each member's md v1.2 superblock (other versions are\n"
		"refused unless the geometry is given). Read-only unless --repair.\n\n"
		"  --stripes A-B    only chunk rows A to B (inclusive; 0-based)\n"
		"  --repair         rewrite each located member's chunk (devices opened\n"
		"                   O_EXCL, synced at the end); unlocatable rows are left alone\n"
		"  --json           the report as JSON on stdout\n"
		"  --quiet          no progress on stderr\n"
		"  --raid-disks N --layout NAME --chunk KiB --data-offset SECTORS\n"
		"                   the geometry by hand, for members without a v1.2\n"
		"                   superblock (given in role order); layouts: left-asymmetric,\n"
		"                   right-asymmetric, left-symmetric, right-symmetric\n\n"
		"Exit status: 0 every row consistent, 1 mismatches found (repaired or not),\n"
		"2 usage or I/O error.\n");
}

int cmd_raid6check(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "stripes", required_argument, NULL, 's' },
		{ "repair", no_argument, NULL, 'r' },
		{ "json", no_argument, NULL, 'j' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "raid-disks", required_argument, NULL, 'n' },
		{ "layout", required_argument, NULL, 'l' },
		{ "chunk", required_argument, NULL, 'c' },
		{ "data-offset", required_argument, NULL, 'o' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct array a = { 0, -1, 6, 0, 0, NULL };
	struct tally t = { 0, 0, 0, 0, 0 };
	unsigned long long from = 0, to = UINT64_MAX, data_offset = 0, chunk_kib = 0;
	int c, i, repair = 0, json = 0, quiet = 0, by_hand = 0, nmembers, status = 2, first_row = 1;
	uint8_t *buf = NULL, *tmp = NULL;
	void *ptrs[GFRAID_MAX_DISKS];
	int slot[GFRAID_MAX_DISKS];
	double t0, last_progress;
	uint64_t s;

	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		char *dash;

		switch (c) {
		case 's':
			dash = strchr(optarg, '-');
			if (!dash || dash == optarg) {
				fprintf(stderr, "ec-cli raid6check: --stripes wants A-B, not '%s'\n",
					optarg);
				return 2;
			}
			*dash = 0;
			if (cli_parse_u64(optarg, &from) || cli_parse_u64(dash + 1, &to) || from > to) {
				fprintf(stderr, "ec-cli raid6check: --stripes wants A-B with A <= B\n");
				return 2;
			}
			break;
		case 'r':
			repair = 1;
			break;
		case 'j':
			json = 1;
			break;
		case 'q':
			quiet = 1;
			break;
		case 'n':
			if (cli_parse_int(optarg, 4, GFRAID_MAX_DISKS, &a.disks)) {
				fprintf(stderr, "ec-cli raid6check: --raid-disks wants 4..%d\n",
					GFRAID_MAX_DISKS);
				return 2;
			}
			by_hand = 1;
			break;
		case 'l':
			for (i = 0; i < LAYOUTS && strcmp(optarg, layout_names[i]); i++)
				;
			if (i == LAYOUTS) {
				fprintf(stderr, "ec-cli raid6check: layout '%s' is not one of the four "
					"standard RAID-6 layouts\n", optarg);
				return 2;
			}
			a.layout = i;
			by_hand = 1;
			break;
		case 'c':
			if (cli_parse_u64(optarg, &chunk_kib) || chunk_kib == 0 || chunk_kib % 4 ||
			    chunk_kib > (1u << 20)) {
				fprintf(stderr, "ec-cli raid6check: --chunk wants KiB, a multiple of 4\n");
				return 2;
			}
			by_hand = 1;
			break;
		case 'o':
			if (cli_parse_u64(optarg, &data_offset) || data_offset > (1ull << 40)) {
				fprintf(stderr, "ec-cli raid6check: --data-offset wants sectors\n");
				return 2;
			}
			by_hand = 1;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	nmembers = argc - optind;
	if (nmembers < 1) {
		usage(stderr);
		return 2;
	}
	if (nmembers > GFRAID_MAX_DISKS) {
		fprintf(stderr, "ec-cli raid6check: more than %d members\n", GFRAID_MAX_DISKS);
		return 2;
	}
	if (by_hand && (a.disks == 0 || a.layout < 0 || chunk_kib == 0)) {
		fprintf(stderr, "ec-cli raid6check: a hand-given geometry needs --raid-disks, "
			"--layout and --chunk\n");
		return 2;
	}
	a.m = calloc(GFRAID_MAX_DISKS, sizeof(*a.m));
	if (!a.m)
		return 2;
	for (i = 0; i < GFRAID_MAX_DISKS; i++)
		a.m[i].fd = -1;

	/* open, read the superblocks, put each member at its role */
	for (i = 0; i < nmembers; i++) {
		struct member mb = { argv[optind + i], -1, i, data_offset * 512, 0, { 0 } };
		struct stat st;
		int flags = (repair ? O_RDWR : O_RDONLY) | O_CLOEXEC;

		if (stat(mb.path, &st) == 0 && S_ISBLK(st.st_mode))
			flags |= O_EXCL;	/* refused while md or anything else holds it */
		mb.fd = open(mb.path, flags);
		if (mb.fd < 0) {
			fprintf(stderr, "ec-cli raid6check: %s: %s%s\n", mb.path, strerror(errno),
				errno == EBUSY ? " (in use: stop the array first)" : "");
			goto out;
		}
		if (by_hand) {
			a.chunk = chunk_kib * 1024;
			if (i == 0)
				a.stripes = (device_bytes(mb.fd) - mb.data_offset) / a.chunk;
		} else if (read_superblock(&mb, &a, i == 0)) {
			close(mb.fd);
			goto out;
		}
		if (mb.role >= a.disks || a.m[mb.role].fd >= 0) {
			fprintf(stderr, "ec-cli raid6check: %s: role %d %s\n", mb.path, mb.role,
				mb.role >= a.disks ? "past raid_disks" : "given twice");
			close(mb.fd);
			goto out;
		}
		a.m[mb.role] = mb;
	}
	for (i = 0; i < a.disks; i++)
		if (a.m[i].fd < 0) {
			fprintf(stderr, "ec-cli raid6check: role %d of %d is missing: a scrub needs "
				"every member\n", i, a.disks);
			goto out;
		}
	if (nmembers != a.disks) {
		fprintf(stderr, "ec-cli raid6check: %d members given for %d raid disks\n", nmembers,
			a.disks);
		goto out;
	}
	for (i = 1; i < a.disks && !by_hand; i++)
		if (memcmp(a.m[i].uuid, a.m[0].uuid, 16)) {
			fprintf(stderr, "ec-cli raid6check: %s and %s belong to different arrays\n",
				a.m[0].path, a.m[i].path);
			goto out;
		} else if (a.m[i].events != a.m[0].events && !quiet) {
			fprintf(stderr, "ec-cli raid6check: warning: %s has event count %" PRIu64
				", %s %" PRIu64 "\n", a.m[i].path, a.m[i].events, a.m[0].path,
				a.m[0].events);
		}
	if (to >= a.stripes)
		to = a.stripes ? a.stripes - 1 : 0;
	if (a.stripes == 0 || from > to) {
		fprintf(stderr, "ec-cli raid6check: no chunk rows in that range (the array has "
			"%" PRIu64 ")\n", a.stripes);
		goto out;
	}
	buf = aligned_alloc(4096, (size_t)a.disks * a.chunk);
	tmp = aligned_alloc(4096, a.chunk);
	if (!buf || !tmp) {
		fprintf(stderr, "ec-cli raid6check: out of memory\n");
		goto out;
	}

	if (json)
		printf("{\"layout\": \"%s\", \"raid_disks\": %d, \"chunk\": %" PRIu64
		       ", \"stripes\": [%" PRIu64 ", %" PRIu64 "], \"rows\": [",
		       layout_names[a.layout], a.disks, a.chunk, (uint64_t)from, (uint64_t)to);
	t0 = last_progress = now();
	for (s = from; s <= to; s++) {
		int member, rc;

		stripe_roles(&a, s, slot);
		for (i = 0; i < a.disks; i++) {
			struct member *mb = &a.m[slot[i]];

			ptrs[i] = buf + (size_t)i * a.chunk;
			if (read_at(mb->fd, ptrs[i], a.chunk, mb->data_offset + s * a.chunk)) {
				fprintf(stderr, "ec-cli raid6check: %s: cannot read chunk row %" PRIu64
					": %s\n", mb->path, s, errno ? strerror(errno) : "short read");
				goto out;
			}
		}
		rc = gfraid_raid6_check(a.disks, a.chunk, (void *const *)ptrs, &member);
		if (rc < 0) {
			fprintf(stderr, "ec-cli raid6check: %s\n", gfraid_strerror(rc));
			goto out;
		}
		t.stripes++;
		if (rc == GFRAID_CHECK_OK) {
			t.consistent++;
		} else if (rc == GFRAID_CHECK_UNLOCATABLE) {
			t.unlocatable++;
			if (json)
				printf("%s{\"stripe\": %" PRIu64 ", \"verdict\": \"unlocatable\"}",
				       first_row ? "" : ", ", s);
			else
				printf("stripe %" PRIu64 ": unlocatable (more than one member wrong)\n",
				       s);
			first_row = 0;
		} else {
			struct member *mb = &a.m[slot[member]];
			const char *what = member == a.disks - 2 ? "P" : member == a.disks - 1 ? "Q"
												: "data";
			size_t lo, hi;

			t.located++;
			wrong_range(a.disks, a.chunk, ptrs, member, tmp, &lo, &hi);
			if (repair) {
				if (io_at(mb->fd, tmp, a.chunk, mb->data_offset + s * a.chunk, 1)) {
					fprintf(stderr, "ec-cli raid6check: %s: cannot write chunk row %"
						PRIu64 ": %s\n", mb->path, s, strerror(errno));
					goto out;
				}
				t.repaired++;
			}
			if (json) {
				printf("%s{\"stripe\": %" PRIu64 ", \"verdict\": \"located\", \"role\": "
				       "%d, \"member\": \"", first_row ? "" : ", ", s, slot[member]);
				json_str(mb->path);
				printf("\", \"holds\": \"%s\", \"bytes\": [%zu, %zu], \"repaired\": %s}",
				       what, lo, hi, repair ? "true" : "false");
			} else {
				printf("stripe %" PRIu64 ": role %d (%s, %s) wrong at bytes %zu-%zu of "
				       "its chunk%s\n",
				       s, slot[member], mb->path, what, lo, hi,
				       repair ? ", repaired" : "");
			}
			first_row = 0;
		}
		if (!quiet && now() - last_progress >= 1.0) {
			double el = now() - t0, rate = (double)(s - from + 1) / el;

			last_progress = now();
			fprintf(stderr, "raid6check: row %" PRIu64 " of %" PRIu64 ", %.0f MB/s, about "
				"%.0f s left\n", (uint64_t)(s - from + 1), (uint64_t)(to - from + 1),
				rate * (double)(a.chunk * (uint64_t)(a.disks - 2)) / 1e6,
				(double)(to - s) / rate);
		}
	}
	if (repair)
		for (i = 0; i < a.disks; i++)
			if (fsync(a.m[i].fd) && errno != EINVAL) {
				fprintf(stderr, "ec-cli raid6check: %s: sync: %s\n", a.m[i].path,
					strerror(errno));
				goto out;
			}
	{
		double el = now() - t0;

		if (json)
			printf("], \"checked\": %" PRIu64 ", \"consistent\": %" PRIu64
			       ", \"located\": %" PRIu64 ", \"unlocatable\": %" PRIu64
			       ", \"repaired\": %" PRIu64 ", \"seconds\": %.3f}\n",
			       t.stripes, t.consistent, t.located, t.unlocatable, t.repaired, el);
		else
			printf("%" PRIu64 " chunk rows checked: %" PRIu64 " consistent, %" PRIu64
			       " with one member wrong%s, %" PRIu64 " unlocatable; %.0f rows/s\n",
			       t.stripes, t.consistent, t.located, repair ? " (repaired)" : "",
			       t.unlocatable, el > 0 ? (double)t.stripes / el : 0.0);
	}
	status = t.located || t.unlocatable ? 1 : 0;
out:
	free(buf);
	free(tmp);
	for (i = 0; i < GFRAID_MAX_DISKS; i++)
		if (a.m && a.m[i].fd >= 0)
			close(a.m[i].fd);
	free(a.m);
	return status;
}
