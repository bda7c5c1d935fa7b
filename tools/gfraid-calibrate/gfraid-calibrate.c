/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * gfraid-calibrate: writes the system's calibration file for this CPU and
 * build (gfraid_calibration_system_file), which every user's processes
 * then take instead of timing. Run as root by the Debian package when it
 * is installed or upgraded, and by hand after the machine moves to
 * another CPU model.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <gfraid.h>

int main(int argc, char **argv)
{
	const char *file = gfraid_calibration_system_file();
	int err;

	if (argc != 1) {
		fprintf(stderr, "usage: %s\n\nTimes every variant on this CPU and writes the "
				"choices to\n%s\n", argv[0], file);
		return 2;
	}
	err = gfraid_calibration_save(file);
	if (err) {
		fprintf(stderr, "gfraid-calibrate: %s: %s (%s)\n", file, gfraid_strerror(err),
			err == GFRAID_EIO ? strerror(errno) : "no variant of an op passed its self-test");
		return 1;
	}
	printf("gfraid-calibrate: wrote %s\n", file);
	return 0;
}
