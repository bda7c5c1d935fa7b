/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The calibration file (userspace only): each op's variant per size class
 * and stripe width as timed once on this CPU, so that every later process takes the same
 * ones without timing. It holds for one CPU and one build of the variant
 * table; a file written for another is ignored.
 *
 *   libgfraid calibration 2
 *   signature libgfraid 0.1.0 registry 8c2f... cpu x86-00830f10 ...
 *   gen_syndrome small narrow avx2_x4
 *   ...
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ops.h"

#define HEADER "libgfraid calibration 2"
#ifndef GFRAID_SYSTEM_CALIBRATION_DIR
#define GFRAID_SYSTEM_CALIBRATION_DIR "/var/cache/libgfraid"
#endif
#define ENTRIES (GFRAID_OP_COUNT * GFRAID_CLASS_COUNT * GFRAID_WIDTH_COUNT)

/* FNV-1a over the variants' ops and names: which build of the variant
   table wrote a file. */
static uint32_t registry_hash(void)
{
	const struct gfr_impl *all;
	int count = gfr_variants_all(&all), i;
	uint32_t h = 2166136261u;

	for (i = 0; i < count; i++) {
		const char *s[2] = { all[i].op->name, all[i].name };
		int k;

		for (k = 0; k < 2; k++) {
			const unsigned char *p = (const unsigned char *)s[k];

			do
				h = (h ^ *p) * 16777619u;
			while (*p++);
		}
	}
	return h;
}

static pthread_once_t path_once = PTHREAD_ONCE_INIT;
static char path[4096], system_path[4096], cpu[80];
static uint32_t registry;

static void path_init(void)
{
	const char *file = secure_getenv("GFRAID_CALIBRATION_FILE");
	const char *xdg = secure_getenv("XDG_CACHE_HOME"), *home = secure_getenv("HOME");
	const char *dir = secure_getenv("GFRAID_CALIBRATION_DIR");

	if (file && *file)
		snprintf(path, sizeof(path), "%s", file);
	else if (xdg && *xdg == '/')
		snprintf(path, sizeof(path), "%s/libgfraid/calibration", xdg);
	else if (home && *home)
		snprintf(path, sizeof(path), "%s/.cache/libgfraid/calibration", home);
	/* one file per CPU and build of the variant table, so that machines
	   and architectures sharing the directory each keep their own */
	gfr_port_cpu_id(cpu, sizeof(cpu));
	registry = registry_hash();
	snprintf(system_path, sizeof(system_path), "%s/%s-%08x",
		 dir && *dir == '/' ? dir : GFRAID_SYSTEM_CALIBRATION_DIR, cpu, registry);
}

/* What the file must have been written for: this build's version and
   variant table, this CPU, its features and L2. */
static void signature(char *buf, size_t n)
{
	pthread_once(&path_once, path_init);
	snprintf(buf, n, "libgfraid %d.%d.%d registry %08x cpu %s features %x l2 %zu llc/2 %zu",
		 GFRAID_VERSION_MAJOR, GFRAID_VERSION_MINOR, GFRAID_VERSION_PATCH, registry, cpu,
		 gfraid_cpu_features(), gfr_l2_bytes(), gfr_llc_half_bytes());
}

const char *gfraid_calibration_file(void)
{
	pthread_once(&path_once, path_init);
	return path[0] ? path : NULL;
}

const char *gfraid_calibration_system_file(void)
{
	pthread_once(&path_once, path_init);
	return system_path;
}

/* Owned by root or by this process's user, and writable by no one else:
   whoever could write it could choose the variants every daemon runs. */
static int trusted(const struct stat *st)
{
	return (st->st_uid == 0 || st->st_uid == geteuid()) &&
	       !(st->st_mode & (S_IWGRP | S_IWOTH));
}

/* The system file, if it and its directory are trusted: its descriptor,
   or -1. */
static int open_system(const char *p)
{
	char dir[sizeof(system_path)];
	struct stat st;
	int fd;

	snprintf(dir, sizeof(dir), "%s", p);
	*strrchr(dir, '/') = '\0';
	if (stat(dir[0] ? dir : "/", &st) || !S_ISDIR(st.st_mode) || !trusted(&st))
		return -1;
	fd = open(p, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (fd >= 0 && (fstat(fd, &st) || !S_ISREG(st.st_mode) || !trusted(&st))) {
		close(fd);
		fd = -1;
	}
	return fd;
}

/* The file read, its lines' words cut out in place: each entry is "op
   class width variant". Parsed by hand: this runs in every process's first
   call. A file larger than text is not one the library wrote. */
static char text[16384];
static struct {
	const char *word[4];
} entries[ENTRIES];
static int nentries;
static const char *read_from;
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

/* The next line of *s, NUL-terminated in place (NULL at the end). */
static char *next_line(char **s)
{
	char *line = *s, *nl;

	if (!*line)
		return NULL;
	nl = strchr(line, '\n');
	*s = nl ? nl + 1 : line + strlen(line);
	if (nl)
		*nl = '\0';
	return line;
}

/* The choices of the file open on fd if its header and signature are
   exactly this CPU's and build's (want); 0 if not. Closes fd. */
static int read_choices(int fd, const char *want)
{
	size_t got = 0, n = strlen(want);
	ssize_t r = 1;
	char *s = text, *line;

	while (r > 0 && got < sizeof(text))
		if ((r = read(fd, text + got, sizeof(text) - got)) > 0)
			got += (size_t)r;
	close(fd);
	if (r < 0 || got == sizeof(text) || memchr(text, '\0', got))
		return 0;
	text[got] = '\0';
	line = next_line(&s);
	if (!line || strcmp(line, HEADER) != 0)
		return 0;
	line = next_line(&s);
	if (!line || strncmp(line, "signature ", 10) != 0 || strncmp(line + 10, want, n) != 0 ||
	    line[10 + n] != '\0')
		return 0;
	while (nentries < ENTRIES && (line = next_line(&s)) != NULL) {
		const char **w = entries[nentries].word;
		int words = 0;

		for (;;) {
			line += strspn(line, " \t");
			if (!*line)
				break;
			if (words == 4)
				break;
			w[words++] = line;
			line += strcspn(line, " \t");
			if (*line)
				*line++ = '\0';
		}
		if (words == 4 && !*line)
			nentries++;
	}
	return 1;
}

/* GFRAID_CALIBRATION_FILE alone where it is set; else the user's file,
   else the system's. */
static void load(void)
{
	const char *p = gfraid_calibration_file(), *sys = gfraid_calibration_system_file();
	const char *only = secure_getenv("GFRAID_CALIBRATION_FILE");
	char want[400];
	int fd = p ? open(p, O_RDONLY | O_CLOEXEC) : -1;

	if (fd < 0 && only && *only)
		return;
	signature(want, sizeof(want));
	if (fd >= 0 && read_choices(fd, want)) {
		read_from = p;
		return;
	}
	nentries = 0;
	if (!(only && *only) && (fd = open_system(sys)) >= 0 && read_choices(fd, want))
		read_from = sys;
}

const char *gfraid_calibration_read(void)
{
	pthread_once(&load_once, load);
	return read_from;
}

const char *gfr_port_calibration_file(const char *op, const char *cls, const char *width)
{
	int i;

	pthread_once(&load_once, load);
	for (i = 0; i < nentries; i++)
		if (!strcmp(entries[i].word[0], op) && !strcmp(entries[i].word[1], cls) &&
		    !strcmp(entries[i].word[2], width))
			return entries[i].word[3];
	return NULL;
}

/* mkdir -p of p's directory (its last component is the file). What it
   creates is readable by every user whatever the umask: a system file is
   read by daemons running as users of their own. */
static int make_dirs(const char *p)
{
	char dir[sizeof(path)];
	char *s;

	snprintf(dir, sizeof(dir), "%s", p);
	for (s = dir + 1; (s = strchr(s, '/')) != NULL; s++) {
		*s = '\0';
		if (!mkdir(dir, 0755))
			chmod(dir, 0755);
		else if (errno != EEXIST)
			return -1;
		*s = '/';
	}
	return 0;
}

int gfraid_calibration_save(const char *to)
{
	char tmp[sizeof(path) + 32], sig[400];
	const char *p = to ? to : gfraid_calibration_file();
	FILE *f = NULL;
	int op, cls, w, fd, err = 0;

	if (!p) {
		errno = ENOENT;
		return GFRAID_EIO;
	}
	signature(sig, sizeof(sig));
	snprintf(tmp, sizeof(tmp), "%s.%ld.tmp", p, (long)getpid());
	if (make_dirs(p))
		return GFRAID_EIO;
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0 || fchmod(fd, 0644) || !(f = fdopen(fd, "w"))) {
		if (fd >= 0) {
			close(fd);
			unlink(tmp);
		}
		return GFRAID_EIO;
	}
	fprintf(f, "%s\nsignature %s\n", HEADER, sig);
	for (op = 0; op < GFRAID_OP_COUNT && !err; op++)
		for (cls = 0; cls < GFRAID_CLASS_COUNT && !err; cls++)
			for (w = 0; w < GFRAID_WIDTH_COUNT && !err; w++) {
				const struct gfr_impl *im = gfr_impl_timed(
					(enum gfraid_op)op, (enum gfraid_class)cls,
					(enum gfraid_width)w);

				if (!im)
					err = GFRAID_ESELFTEST;
				else
					fprintf(f, "%s %s %s %s\n", gfraid_op_name((enum gfraid_op)op),
						gfraid_class_name((enum gfraid_class)cls),
						gfraid_width_name((enum gfraid_width)w), im->name);
			}
	if (fclose(f) && !err)
		err = GFRAID_EIO;
	if (!err && rename(tmp, p))
		err = GFRAID_EIO;
	if (err)
		unlink(tmp);
	return err;
}
