/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
#ifndef GFRAID_EC_CLI_H
#define GFRAID_EC_CLI_H

/* Each returns the process exit status: 0 ok, 1 a failure, 2 bad usage. */
int cmd_info(int argc, char **argv);
int cmd_calibrate(int argc, char **argv);
int cmd_verify(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_raid6check(int argc, char **argv);

/* *out = s as a decimal integer in [lo, hi]; -1 (and *out untouched) if s is
   not one, or is out of range. */
int cli_parse_int(const char *s, int lo, int hi, int *out);

/* *out = s as an unsigned decimal (or 0x hex) 64-bit integer: -1 for a
   sign, trailing junk, or a value past 2^64 - 1. */
int cli_parse_u64(const char *s, unsigned long long *out);

/* *out = s as a finite number in (lo, hi]: -1 for nan, inf, junk or out of
   range. */
int cli_parse_seconds(const char *s, double lo, double hi, double *out);

#endif
