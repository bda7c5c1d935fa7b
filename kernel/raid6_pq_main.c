// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/*
 * raid6_pq.ko for Linux 7.2 and later, on libgfraid: the five calls and six
 * tables <linux/raid/pq.h> and <linux/raid/pq_tables.h> declare, which md,
 * async_tx and btrfs import from the kernel's raid6_pq. Since 7.2 the
 * kernel chooses its algorithms once, inside that module, so the way in is
 * to be that module (installed under updates/, where modprobe prefers it).
 *
 * gen and xor are gfraid.ko's selected, self-tested variants; both
 * recoveries take any multiple of 512 bytes (the kernel's stop at a page);
 * xor_syndrome is always there. The tables come from libgfraid's field
 * (mkpqtables.c), byte for byte those of Linux 7.2.
 *
 * Before the module is usable its init checks itself, and on any failure
 * the load fails, so that the stock raid6_pq can be loaded in its place:
 * the tables against the library's multiplication and against known
 * answers of the field; gen_syndrome against single-block known answers
 * and, like xor_syndrome, both recoveries, against a byte-at-a-time
 * reference on the exported tables, for 1..MAX_DATA data disks and block
 * sizes from 512 bytes to 64 KiB (every stripe width and the size classes
 * md and btrfs use, so every variant gfraid.ko selects for them).
 * corrupt=<name> (gen, xor, 2data, datap, tables) alters one output byte of
 * that check, to prove the refusal; recoveries_2data and recoveries_datap
 * count the callers' recoveries.
 */
#include <linux/module.h>
#include <linux/mm.h>
#include <linux/random.h>
#include <linux/raid/pq.h>
#include <linux/raid/pq_tables.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "gfraid.h"

static char *corrupt = "";
module_param(corrupt, charp, 0444);
MODULE_PARM_DESC(corrupt, "test only: gen, xor, 2data, datap or tables: alter one byte that the load-time check of it compares, which must then refuse to load");

/* How often each recovery ran since load, read-only parameters: the tests
   make sure md's and btrfs's degraded reads really came through them. */
static atomic_long_t recovered_2data, recovered_datap;

static int get_count(char *buf, const struct kernel_param *kp)
{
	return sysfs_emit(buf, "%ld\n", atomic_long_read((atomic_long_t *)kp->arg));
}

static const struct kernel_param_ops count_ops = { .get = get_count };
module_param_cb(recoveries_2data, &count_ops, &recovered_2data, 0444);
MODULE_PARM_DESC(recoveries_2data, "calls of raid6_recov_2data since load");
module_param_cb(recoveries_datap, &count_ops, &recovered_datap, 0444);
MODULE_PARM_DESC(recoveries_datap, "calls of raid6_recov_datap since load");

void raid6_gen_syndrome(int disks, size_t bytes, void **ptrs)
{
	WARN_ON_ONCE(gfraid_gen_syndrome(disks, bytes, ptrs));
}
EXPORT_SYMBOL_GPL(raid6_gen_syndrome);

void raid6_xor_syndrome(int disks, int start, int stop, size_t bytes, void **ptrs)
{
	WARN_ON_ONCE(gfraid_xor_syndrome(disks, start, stop, bytes, ptrs));
}
EXPORT_SYMBOL_GPL(raid6_xor_syndrome);

bool raid6_can_xor_syndrome(void)
{
	return true;
}
EXPORT_SYMBOL_GPL(raid6_can_xor_syndrome);

/* The kernel documents faila < failb; the library requires it, so the
   order is made sure of. */
void raid6_recov_2data(int disks, size_t bytes, int faila, int failb, void **ptrs)
{
	atomic_long_inc(&recovered_2data);
	WARN_ON_ONCE(gfraid_recov_2data(disks, bytes, min(faila, failb), max(faila, failb), ptrs));
}
EXPORT_SYMBOL_GPL(raid6_recov_2data);

void raid6_recov_datap(int disks, size_t bytes, int faila, void **ptrs)
{
	atomic_long_inc(&recovered_datap);
	WARN_ON_ONCE(gfraid_recov_datap(disks, bytes, faila, ptrs));
}
EXPORT_SYMBOL_GPL(raid6_recov_datap);

#define MAX_DATA 32
#define MAX_BYTES (64 * 1024)

struct check {
	u8 *data[MAX_DATA], *p, *q;	/* the stripe, P and Q by the reference */
	u8 *rp, *rq;			/* P and Q of a known answer or an update */
	u8 *work[MAX_DATA + 2];		/* the module's copy */
	void *ptrs[MAX_DATA + 2];
	unsigned int cases;
};

static bool corrupting(const char *what)
{
	return !strcmp(corrupt, what);
}

/* P and Q of ndata blocks, a byte at a time: Q = sum of 2^z * D_z. */
static void ref_gen(u8 *const *data, int ndata, size_t bytes, u8 *p, u8 *q)
{
	size_t i;
	int z;

	for (i = 0; i < bytes; i++) {
		u8 pv = 0, qv = 0;

		for (z = ndata - 1; z >= 0; z--) {
			pv ^= data[z][i];
			qv = raid6_gfmul[2][qv] ^ data[z][i];
		}
		p[i] = pv;
		q[i] = qv;
	}
}

static int differs(struct check *c, const char *what, const u8 *got, const u8 *want,
		   size_t bytes, int ndata, int a, int b)
{
	if (!memcmp(got, want, bytes)) {
		c->cases++;
		return 0;
	}
	pr_err("raid6_pq (libgfraid): %s gives wrong bytes with %d data disks of %zu bytes (%d, %d): not loaded\n",
	       what, ndata, bytes, a, b);
	return -EINVAL;
}

/* The tables: every product against the library's, and the field's known
   answers (2^8 = 0x1d for x^8+x^4+x^3+x^2+1; 2^255 wraps to 1). */
static int check_tables(struct check *c)
{
	int a, b;

	for (a = 0; a < 256; a++)
		for (b = 0; b < 256; b++)
			if (raid6_gfmul[a][b] != gfraid_gf_mul(a, b) ||
			    (b < 16 && (raid6_vgfmul[a][b] != raid6_gfmul[a][b] ||
					raid6_vgfmul[a][16 + b] != raid6_gfmul[a][b << 4])))
				goto wrong;
	for (a = 1; a < 256; a++)
		if (raid6_gfexp[raid6_gflog[a]] != a || raid6_gfmul[a][raid6_gfinv[a]] != 1)
			goto wrong;
	for (a = 0; a < 255; a++)
		if (raid6_gfinv[raid6_gfexp[a] ^ 1] != raid6_gfexi[a])
			goto wrong;
	if (raid6_gfexp[8] != 0x1d || raid6_gfexp[255] != 0 || raid6_gflog[0] != 255 ||
	    raid6_gfinv[0] != 0 || raid6_gfexi[255] != 1 || corrupting("tables"))
		goto wrong;
	c->cases++;
	return 0;
wrong:
	pr_err("raid6_pq (libgfraid): its tables are not the field's: not loaded\n");
	return -EINVAL;
}

static void set_ptrs(struct check *c, int ndata, size_t bytes)
{
	int i;

	for (i = 0; i < ndata; i++) {
		memcpy(c->work[i], c->data[i], bytes);
		c->ptrs[i] = c->work[i];
	}
	c->ptrs[ndata] = c->work[MAX_DATA];
	c->ptrs[ndata + 1] = c->work[MAX_DATA + 1];
}

/* One data block holding v, the rest zero: P is v, Q is 2^z * v. */
static int check_known(struct check *c, int ndata, size_t bytes)
{
	int z = ndata - 1, i;
	u8 v = 0x80 | ndata;

	for (i = 0; i < ndata; i++)
		memset(c->work[i], i == z ? v : 0, bytes);
	for (i = 0; i < ndata + 2; i++)
		c->ptrs[i] = c->work[i < ndata ? i : MAX_DATA + i - ndata];
	if (gfraid_gen_syndrome(ndata + 2, bytes, c->ptrs))
		return -EINVAL;
	memset(c->rp, v, bytes);
	memset(c->rq, raid6_gfmul[raid6_gfexp[z]][v], bytes);
	return differs(c, "gen_syndrome (known answer P)", c->work[MAX_DATA], c->rp, bytes,
		       ndata, z, -1) ?:
	       differs(c, "gen_syndrome (known answer Q)", c->work[MAX_DATA + 1], c->rq, bytes,
		       ndata, z, -1);
}

static int check_gen(struct check *c, int ndata, size_t bytes)
{
	set_ptrs(c, ndata, bytes);
	if (gfraid_gen_syndrome(ndata + 2, bytes, c->ptrs))
		return -EINVAL;
	if (corrupting("gen") && ndata == MAX_DATA / 2)
		c->work[MAX_DATA + 1][bytes / 3] ^= 0x5a;
	return differs(c, "gen_syndrome (P)", c->work[MAX_DATA], c->p, bytes, ndata, 0, -1) ?:
	       differs(c, "gen_syndrome (Q)", c->work[MAX_DATA + 1], c->q, bytes, ndata, 0, -1);
}

/* md's read-modify-write: out with the old blocks start..stop (here the
   stripe's, which P and Q hold), in with new ones (here zeros): P and Q
   must then be those of the stripe with start..stop zeroed. */
static int check_xor(struct check *c, int ndata, size_t bytes, int start, int stop)
{
	int i;

	set_ptrs(c, ndata, bytes);
	memcpy(c->work[MAX_DATA], c->p, bytes);
	memcpy(c->work[MAX_DATA + 1], c->q, bytes);
	if (gfraid_xor_syndrome(ndata + 2, start, stop, bytes, c->ptrs))
		return -EINVAL;
	for (i = start; i <= stop; i++)
		memset(c->work[i], 0, bytes);
	if (gfraid_xor_syndrome(ndata + 2, start, stop, bytes, c->ptrs))
		return -EINVAL;
	if (corrupting("xor") && ndata == MAX_DATA / 2)
		c->work[MAX_DATA][bytes - 1] ^= 0x01;
	ref_gen(c->work, ndata, bytes, c->rp, c->rq);
	return differs(c, "xor_syndrome (P)", c->work[MAX_DATA], c->rp, bytes, ndata, start, stop) ?:
	       differs(c, "xor_syndrome (Q)", c->work[MAX_DATA + 1], c->rq, bytes, ndata, start, stop);
}

/* fb < 0: data fa and P lost (datap), else data fa and fb (2data). */
static int check_recov(struct check *c, int ndata, size_t bytes, int fa, int fb)
{
	int err;

	set_ptrs(c, ndata, bytes);
	memcpy(c->work[MAX_DATA], c->p, bytes);
	memcpy(c->work[MAX_DATA + 1], c->q, bytes);
	memset(c->work[fa], 0xa5, bytes);
	if (fb >= 0)
		memset(c->work[fb], 0x5a, bytes);
	else
		memset(c->work[MAX_DATA], 0xc3, bytes);
	err = fb >= 0 ? gfraid_recov_2data(ndata + 2, bytes, fa, fb, c->ptrs) :
			gfraid_recov_datap(ndata + 2, bytes, fa, c->ptrs);
	if (err)
		return -EINVAL;
	if (corrupting(fb >= 0 ? "2data" : "datap") && ndata == MAX_DATA / 2)
		c->work[fa][0] ^= 0x80;
	if (fb >= 0)
		return differs(c, "recov_2data", c->work[fa], c->data[fa], bytes, ndata, fa, fb) ?:
		       differs(c, "recov_2data", c->work[fb], c->data[fb], bytes, ndata, fa, fb);
	return differs(c, "recov_datap", c->work[fa], c->data[fa], bytes, ndata, fa, -1) ?:
	       differs(c, "recov_datap (P)", c->work[MAX_DATA], c->p, bytes, ndata, fa, -1);
}

/* Every data disk count, md's and btrfs's block sizes; all failure pairs
   in a page, a spread of them in the other sizes. */
static int check_all(struct check *c)
{
	static const size_t sizes[] = { 512, PAGE_SIZE, 16384, MAX_BYTES };
	int s, ndata, a, b, err = check_tables(c);

	for (s = 0; s < ARRAY_SIZE(sizes) && !err; s++) {
		size_t bytes = sizes[s];

		for (ndata = 1; ndata <= MAX_DATA && !err; ndata++) {
			int step = bytes == PAGE_SIZE ? 1 : max(1, ndata / 3);
			int win[4][2] = { { 0, 0 }, { ndata - 1, ndata - 1 },
					  { ndata / 3, (2 * ndata) / 3 }, { 0, ndata - 1 } };
			int w;

			ref_gen(c->data, ndata, bytes, c->p, c->q);
			err = check_known(c, ndata, bytes) ?: check_gen(c, ndata, bytes);
			for (w = 0; w < 4 && !err; w++)
				err = check_xor(c, ndata, bytes, win[w][0], win[w][1]);
			for (a = 0; a < ndata && !err; a += step) {
				err = check_recov(c, ndata, bytes, a, -1);
				for (b = a + 1; b < ndata && !err; b += step)
					err = check_recov(c, ndata, bytes, a, b);
			}
			cond_resched();
		}
	}
	return err;
}

static int __init raid6_pq_init(void)
{
	struct check *c = kzalloc(sizeof(*c), GFP_KERNEL);
	int i, err = -ENOMEM;

	if (!c)
		return -ENOMEM;
	/* kmalloc aligns a power-of-two size to itself */
	for (i = 0; i < MAX_DATA; i++)
		if (!(c->data[i] = kmalloc(MAX_BYTES, GFP_KERNEL)))
			goto out;
	for (i = 0; i < MAX_DATA + 2; i++)
		if (!(c->work[i] = kmalloc(MAX_BYTES, GFP_KERNEL)))
			goto out;
	if (!(c->p = kmalloc(MAX_BYTES, GFP_KERNEL)) || !(c->q = kmalloc(MAX_BYTES, GFP_KERNEL)) ||
	    !(c->rp = kmalloc(MAX_BYTES, GFP_KERNEL)) || !(c->rq = kmalloc(MAX_BYTES, GFP_KERNEL)))
		goto out;
	for (i = 0; i < MAX_DATA; i++)
		get_random_bytes(c->data[i], MAX_BYTES);
	err = check_all(c);
	if (!err)
		pr_info("raid6_pq (libgfraid): gen %s, xor %s, recovery %s (4 KiB, typical stripes): %u checks passed\n",
			gfraid_impl_selected(GFRAID_OP_GEN_SYNDROME, GFRAID_CLASS_SMALL,
					     GFRAID_WIDTH_TYPICAL),
			gfraid_impl_selected(GFRAID_OP_XOR_SYNDROME, GFRAID_CLASS_SMALL,
					     GFRAID_WIDTH_TYPICAL),
			gfraid_impl_selected(GFRAID_OP_RECOV, GFRAID_CLASS_SMALL,
					     GFRAID_WIDTH_TYPICAL),
			c->cases);
out:
	for (i = 0; i < MAX_DATA; i++)
		kfree(c->data[i]);
	for (i = 0; i < MAX_DATA + 2; i++)
		kfree(c->work[i]);
	kfree(c->p);
	kfree(c->q);
	kfree(c->rp);
	kfree(c->rq);
	kfree(c);
	return err;
}

static void __exit raid6_pq_exit(void)
{
}

module_init(raid6_pq_init);
module_exit(raid6_pq_exit);
MODULE_LICENSE("Dual BSD/GPL");
MODULE_DESCRIPTION("RAID-6 P/Q syndromes and recovery (Linux 7.2's raid6_pq interface) on libgfraid");
