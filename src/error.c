/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
#include "port.h"

const char *gfraid_strerror(int err)
{
	switch (err) {
	case GFRAID_OK:
		return "success";
	case GFRAID_ENULL:
		return "a required pointer, or an entry of a pointer array, is NULL";
	case GFRAID_EDISKS:
		return "RAID-6 disk count outside 3..257";
	case GFRAID_EINDEX:
		return "disk or shard index out of range or out of order";
	case GFRAID_ELEN:
		return "negative length";
	case GFRAID_ESHARDS:
		return "shard count or matrix size out of range (k >= 1, rows >= 1, k + rows <= 256)";
	case GFRAID_ESINGULAR:
		return "matrix is singular";
	case GFRAID_EOP:
		return "not a valid gfraid_op";
	case GFRAID_ENOIMPL:
		return "no variant of that name for this op";
	case GFRAID_ENOCPU:
		return "this CPU or OS cannot run that variant";
	case GFRAID_ENOMEM:
		return "out of memory";
	case GFRAID_ETOOFEW:
		return "more shards missing than there are parity shards";
	case GFRAID_ESELFTEST:
		return "the variant failed its known-answer self-test on this machine";
	case GFRAID_ECLASS:
		return "not a valid gfraid_class";
	case GFRAID_EIO:
		return "a file could not be written";
	case GFRAID_EWIDTH:
		return "not a valid gfraid_width";
	default:
		return "unknown error";
	}
}
