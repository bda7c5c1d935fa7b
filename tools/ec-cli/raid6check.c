/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * ec-cli raid6check: scrub the members of an md RAID-6 array that is not
 * running, stripe (chunk row) by stripe, with gfraid_raid6_check: which
 * stripes are consistent, which one member is wrong where, which cannot
 * be told; --repair rewrites located members only. The superblocks and
 * the placement of P, Q and data are md_super.c's.
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
#include "md_super.h"

struct member {
	const char *path;
	int fd, role;
	uint64_t data_offset;	/* bytes */
	uint64_t events;
	uint8_t uuid[16];
};

struct array {
	int disks, layout;
	uint64_t chunk;		/* bytes */
	uint64_t stripes;	/* chunk rows */
	struct member *m;	/* by role */
};

struct options {
	unsigned long long from, to, data_offset, chunk_kib;
	int repair, json, quiet, by_hand;
};

struct tally {
	uint64_t stripes, consistent, located, unlocatable, repaired;
	int first_row;		/* no row reported yet (JSON commas) */
};

/* A row's buffers: the members' chunks in gen_syndrome's order, and room
   for a located member's right contents. */
struct row {
	uint64_t s;
	int slot[GFRAID_MAX_DISKS];
	void *ptrs[GFRAID_MAX_DISKS];
	uint8_t *buf, *tmp;
};

static uint32_t le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
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

/* Member mb's v1.2 superblock into a (geometry, from the first member;
   the others must agree) and mb (role, offset): 0, or -1 with the reason
   printed. */
static int read_superblock(struct member *mb, struct array *a, int first)
{
	uint8_t bytes[MD_SB_BYTES];
	enum md_super_verdict v = MD_SB_NO_MAGIC;
	struct md_super sb = { 0 };
	char why[160];
	const char *other;

	if (read_at(mb->fd, bytes, sizeof(bytes), MD_SB_V12_OFFSET) == 0)
		v = md_super_parse(bytes, &sb);
	if (v == MD_SB_NO_MAGIC && (other = other_superblock(mb->fd))) {
		fprintf(stderr, "ec-cli raid6check: %s: md superblock version %s, not 1.2; give the "
			"geometry (--raid-disks, --layout, --chunk, --data-offset) and the members "
			"in role order\n", mb->path, other);
		return -1;
	}
	if (v != MD_SB_OK) {
		fprintf(stderr, "ec-cli raid6check: %s: %s\n", mb->path,
			md_super_why(v, &sb, why, sizeof(why)));
		return -1;
	}
	mb->role = sb.role;
	mb->data_offset = sb.data_offset;
	mb->events = sb.events;
	memcpy(mb->uuid, sb.uuid, sizeof(mb->uuid));
	if (first) {
		a->disks = sb.raid_disks;
		a->layout = sb.layout;
		a->chunk = sb.chunk;
		a->stripes = sb.size / sb.chunk;
	} else if (a->disks != sb.raid_disks || a->layout != sb.layout || a->chunk != sb.chunk ||
		   a->stripes != sb.size / sb.chunk) {
		fprintf(stderr, "ec-cli raid6check: %s: its geometry differs from the first "
			"member's\n", mb->path);
		return -1;
	}
	return 0;
}

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
		"geometry comes from each member's md v1.2 superblock, checksum verified\n"
		"(other versions are refused unless the geometry is given). Read-only unless\n"
		"--repair.\n\n"
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

/* --stripes A-B into o: 0, or -1 with the reason printed. */
static int parse_stripes(char *arg, struct options *o)
{
	char *dash = strchr(arg, '-');

	if (!dash || dash == arg) {
		fprintf(stderr, "ec-cli raid6check: --stripes wants A-B, not '%s'\n", arg);
		return -1;
	}
	*dash = 0;
	if (cli_parse_u64(arg, &o->from) || cli_parse_u64(dash + 1, &o->to) || o->from > o->to) {
		fprintf(stderr, "ec-cli raid6check: --stripes wants A-B with A <= B\n");
		return -1;
	}
	return 0;
}

/* One geometry option (n, l, c, o) into a and o: 0, or -1 with the reason
   printed. */
static int parse_geometry(int c, const char *arg, struct array *a, struct options *o)
{
	int i;

	o->by_hand = 1;
	switch (c) {
	case 'n':
		if (!cli_parse_int(arg, 4, GFRAID_MAX_DISKS, &a->disks))
			return 0;
		fprintf(stderr, "ec-cli raid6check: --raid-disks wants 4..%d\n", GFRAID_MAX_DISKS);
		return -1;
	case 'l':
		for (i = 0; i < MD_LAYOUTS; i++)
			if (!strcmp(arg, md_layout_name(i))) {
				a->layout = i;
				return 0;
			}
		fprintf(stderr, "ec-cli raid6check: layout '%s' is not one of the four standard "
			"RAID-6 layouts\n", arg);
		return -1;
	case 'c':
		if (!cli_parse_u64(arg, &o->chunk_kib) && o->chunk_kib && o->chunk_kib % 4 == 0 &&
		    o->chunk_kib <= (1u << 20))
			return 0;
		fprintf(stderr, "ec-cli raid6check: --chunk wants KiB, a multiple of 4\n");
		return -1;
	default:
		if (!cli_parse_u64(arg, &o->data_offset) && o->data_offset <= (1ull << 40))
			return 0;
		fprintf(stderr, "ec-cli raid6check: --data-offset wants sectors\n");
		return -1;
	}
}

/* The options into a and o: the index of the first member, or -1 after
   the help (exit 0), or -2 on a usage error (printed). */
static int parse_args(int argc, char **argv, struct array *a, struct options *o)
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
	int c, n;

	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		if (c == 's' && parse_stripes(optarg, o))
			return -2;
		if ((c == 'n' || c == 'l' || c == 'c' || c == 'o') &&
		    parse_geometry(c, optarg, a, o))
			return -2;
		o->repair |= c == 'r';
		o->json |= c == 'j';
		o->quiet |= c == 'q';
		if (c == 'h') {
			usage(stdout);
			return -1;
		}
		if (c == '?') {
			usage(stderr);
			return -2;
		}
	}
	n = argc - optind;
	if (n < 1 || n > GFRAID_MAX_DISKS) {
		if (n < 1)
			usage(stderr);
		else
			fprintf(stderr, "ec-cli raid6check: more than %d members\n", GFRAID_MAX_DISKS);
		return -2;
	}
	if (o->by_hand && (a->disks == 0 || a->layout < 0 || o->chunk_kib == 0)) {
		fprintf(stderr, "ec-cli raid6check: a hand-given geometry needs --raid-disks, "
			"--layout and --chunk\n");
		return -2;
	}
	return optind;
}

/* Member i (path) opened and placed at its role in a: 0, or -1 with the
   reason printed. */
static int open_member(const char *path, int i, struct array *a, const struct options *o)
{
	struct member mb = { path, -1, i, o->data_offset * 512, 0, { 0 } };
	struct stat st;
	int flags = (o->repair ? O_RDWR : O_RDONLY) | O_CLOEXEC;

	if (stat(mb.path, &st) == 0 && S_ISBLK(st.st_mode))
		flags |= O_EXCL;	/* refused while md or anything else holds it */
	mb.fd = open(mb.path, flags);
	if (mb.fd < 0) {
		fprintf(stderr, "ec-cli raid6check: %s: %s%s\n", mb.path, strerror(errno),
			errno == EBUSY ? " (in use: stop the array first)" : "");
		return -1;
	}
	if (o->by_hand) {
		a->chunk = o->chunk_kib * 1024;
		if (i == 0)
			a->stripes = (device_bytes(mb.fd) - mb.data_offset) / a->chunk;
	} else if (read_superblock(&mb, a, i == 0)) {
		close(mb.fd);
		return -1;
	}
	if (mb.role >= a->disks || a->m[mb.role].fd >= 0) {
		fprintf(stderr, "ec-cli raid6check: %s: role %d %s\n", mb.path, mb.role,
			mb.role >= a->disks ? "past raid_disks" : "given twice");
		close(mb.fd);
		return -1;
	}
	a->m[mb.role] = mb;
	return 0;
}

/* Every role present, and (from superblocks) all of one array: 0, or -1
   with the reason printed. */
static int members_agree(const struct array *a, int nmembers, const struct options *o)
{
	int i;

	for (i = 0; i < a->disks; i++)
		if (a->m[i].fd < 0) {
			fprintf(stderr, "ec-cli raid6check: role %d of %d is missing: a scrub needs "
				"every member\n", i, a->disks);
			return -1;
		}
	if (nmembers != a->disks) {
		fprintf(stderr, "ec-cli raid6check: %d members given for %d raid disks\n", nmembers,
			a->disks);
		return -1;
	}
	for (i = 1; i < a->disks && !o->by_hand; i++) {
		if (memcmp(a->m[i].uuid, a->m[0].uuid, 16)) {
			fprintf(stderr, "ec-cli raid6check: %s and %s belong to different arrays\n",
				a->m[0].path, a->m[i].path);
			return -1;
		}
		if (a->m[i].events != a->m[0].events && !o->quiet)
			fprintf(stderr, "ec-cli raid6check: warning: %s has event count %" PRIu64
				", %s %" PRIu64 "\n", a->m[i].path, a->m[i].events, a->m[0].path,
				a->m[0].events);
	}
	return 0;
}

/* Chunk row r->s of every member into r->ptrs, in gen_syndrome's order:
   0, or -1 with the reason printed. */
static int read_row(const struct array *a, struct row *r)
{
	int i;

	md_stripe_roles(a->disks, a->layout, r->s, r->slot);
	for (i = 0; i < a->disks; i++) {
		const struct member *mb = &a->m[r->slot[i]];

		r->ptrs[i] = r->buf + (size_t)i * a->chunk;
		if (read_at(mb->fd, r->ptrs[i], a->chunk, mb->data_offset + r->s * a->chunk)) {
			fprintf(stderr, "ec-cli raid6check: %s: cannot read chunk row %" PRIu64
				": %s\n", mb->path, r->s, errno ? strerror(errno) : "short read");
			return -1;
		}
	}
	return 0;
}

/* Row r, whose member in slot `member` is located: its range reported,
   and with --repair its chunk rewritten. 0, or -1 with the reason
   printed. */
static int report_located(const struct array *a, struct row *r, int member,
			  const struct options *o, struct tally *t)
{
	const struct member *mb = &a->m[r->slot[member]];
	const char *what = member == a->disks - 2 ? "P" : member == a->disks - 1 ? "Q" : "data";
	size_t lo, hi;

	t->located++;
	wrong_range(a->disks, a->chunk, r->ptrs, member, r->tmp, &lo, &hi);
	if (o->repair) {
		if (io_at(mb->fd, r->tmp, a->chunk, mb->data_offset + r->s * a->chunk, 1)) {
			fprintf(stderr, "ec-cli raid6check: %s: cannot write chunk row %" PRIu64
				": %s\n", mb->path, r->s, strerror(errno));
			return -1;
		}
		t->repaired++;
	}
	if (o->json) {
		printf("%s{\"stripe\": %" PRIu64 ", \"verdict\": \"located\", \"role\": %d, "
		       "\"member\": \"", t->first_row ? "" : ", ", r->s, r->slot[member]);
		json_str(mb->path);
		printf("\", \"holds\": \"%s\", \"bytes\": [%zu, %zu], \"repaired\": %s}", what, lo,
		       hi, o->repair ? "true" : "false");
	} else {
		printf("stripe %" PRIu64 ": role %d (%s, %s) wrong at bytes %zu-%zu of its chunk%s\n",
		       r->s, r->slot[member], mb->path, what, lo, hi, o->repair ? ", repaired" : "");
	}
	t->first_row = 0;
	return 0;
}

/* One chunk row read, checked and reported: 0, or -1 with the reason
   printed. */
static int check_row(const struct array *a, struct row *r, const struct options *o,
		     struct tally *t)
{
	int member, rc;

	if (read_row(a, r))
		return -1;
	rc = gfraid_raid6_check(a->disks, a->chunk, (void *const *)r->ptrs, &member);
	if (rc < 0) {
		fprintf(stderr, "ec-cli raid6check: %s\n", gfraid_strerror(rc));
		return -1;
	}
	t->stripes++;
	if (rc == GFRAID_CHECK_LOCATED)
		return report_located(a, r, member, o, t);
	if (rc == GFRAID_CHECK_OK) {
		t->consistent++;
		return 0;
	}
	t->unlocatable++;
	if (o->json)
		printf("%s{\"stripe\": %" PRIu64 ", \"verdict\": \"unlocatable\"}",
		       t->first_row ? "" : ", ", r->s);
	else
		printf("stripe %" PRIu64 ": unlocatable (more than one member wrong)\n", r->s);
	t->first_row = 0;
	return 0;
}

static void progress(const struct array *a, const struct options *o, uint64_t s, double t0)
{
	double el = now() - t0, rate = (double)(s - o->from + 1) / el;

	fprintf(stderr, "raid6check: row %" PRIu64 " of %" PRIu64 ", %.0f MB/s, about %.0f s left\n",
		(uint64_t)(s - o->from + 1), (uint64_t)(o->to - o->from + 1),
		rate * (double)(a->chunk * (uint64_t)(a->disks - 2)) / 1e6, (double)(o->to - s) / rate);
}

/* Rows o->from .. o->to checked, then the members synced after a repair
   and the totals printed: 0, or -1 with the reason printed. */
static int scan(const struct array *a, struct row *r, const struct options *o, struct tally *t)
{
	double t0 = now(), last = t0, el;
	int i;

	if (o->json)
		printf("{\"layout\": \"%s\", \"raid_disks\": %d, \"chunk\": %" PRIu64
		       ", \"stripes\": [%" PRIu64 ", %" PRIu64 "], \"rows\": [",
		       md_layout_name(a->layout), a->disks, a->chunk, (uint64_t)o->from,
		       (uint64_t)o->to);
	for (r->s = o->from; r->s <= o->to; r->s++) {
		if (check_row(a, r, o, t))
			return -1;
		if (!o->quiet && now() - last >= 1.0) {
			last = now();
			progress(a, o, r->s, t0);
		}
	}
	for (i = 0; i < a->disks && o->repair; i++)
		if (fsync(a->m[i].fd) && errno != EINVAL) {
			fprintf(stderr, "ec-cli raid6check: %s: sync: %s\n", a->m[i].path,
				strerror(errno));
			return -1;
		}
	el = now() - t0;
	if (o->json)
		printf("], \"checked\": %" PRIu64 ", \"consistent\": %" PRIu64 ", \"located\": %" PRIu64
		       ", \"unlocatable\": %" PRIu64 ", \"repaired\": %" PRIu64 ", \"seconds\": %.3f}\n",
		       t->stripes, t->consistent, t->located, t->unlocatable, t->repaired, el);
	else
		printf("%" PRIu64 " chunk rows checked: %" PRIu64 " consistent, %" PRIu64
		       " with one member wrong%s, %" PRIu64 " unlocatable; %.0f rows/s\n",
		       t->stripes, t->consistent, t->located, o->repair ? " (repaired)" : "",
		       t->unlocatable, el > 0 ? (double)t->stripes / el : 0.0);
	return 0;
}

/* The members opened and checked, the row range settled and the buffers
   allocated: 0, or -1 with the reason printed. */
static int prepare(int argc, char **argv, int first, struct array *a, struct options *o,
		   struct row *r)
{
	int i, nmembers = argc - first;

	for (i = 0; i < nmembers; i++)
		if (open_member(argv[first + i], i, a, o))
			return -1;
	if (members_agree(a, nmembers, o))
		return -1;
	if (o->to >= a->stripes)
		o->to = a->stripes ? a->stripes - 1 : 0;
	if (a->stripes == 0 || o->from > o->to) {
		fprintf(stderr, "ec-cli raid6check: no chunk rows in that range (the array has "
			"%" PRIu64 ")\n", a->stripes);
		return -1;
	}
	r->buf = aligned_alloc(4096, (size_t)a->disks * a->chunk);
	r->tmp = aligned_alloc(4096, a->chunk);
	if (!r->buf || !r->tmp) {
		fprintf(stderr, "ec-cli raid6check: out of memory\n");
		return -1;
	}
	return 0;
}

int cmd_raid6check(int argc, char **argv)
{
	struct array a = { 0, -1, 0, 0, NULL };
	struct options o = { 0, UINT64_MAX, 0, 0, 0, 0, 0, 0 };
	struct tally t = { 0, 0, 0, 0, 0, 1 };
	struct row r = { 0, { 0 }, { NULL }, NULL, NULL };
	int first = parse_args(argc, argv, &a, &o), i, status = 2;

	if (first < 0)
		return first == -1 ? 0 : 2;
	a.m = calloc(GFRAID_MAX_DISKS, sizeof(*a.m));
	if (!a.m)
		return 2;
	for (i = 0; i < GFRAID_MAX_DISKS; i++)
		a.m[i].fd = -1;
	if (!prepare(argc, argv, first, &a, &o, &r) && !scan(&a, &r, &o, &t))
		status = t.located || t.unlocatable ? 1 : 0;
	free(r.buf);
	free(r.tmp);
	for (i = 0; i < GFRAID_MAX_DISKS; i++)
		if (a.m[i].fd >= 0)
			close(a.m[i].fd);
	free(a.m);
	return status;
}
