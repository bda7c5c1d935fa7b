// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/*
 * gfraid_raid6.ko: put libgfraid's gen_syndrome and xor_syndrome (the
 * variants gfraid.ko selected) into raid6_call, the calls md's RAID-6 runs.
 *
 * Before installing anything it checks both, byte for byte, against the
 * calls raid6_pq chose at boot, for 1..32 data disks and several
 * start/stop windows of xor_syndrome; any mismatch and the load fails
 * with nothing installed. corrupt=1 flips one byte of libgfraid's output
 * during that check, to prove the refusal. Unloading puts the original
 * calls back and waits until no task can still be running ours.
 */
#include <linux/module.h>
#include <linux/mm.h>
#include <linux/random.h>
#include <linux/raid/pq.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>

#include "gfraid.h"

static bool corrupt;
module_param(corrupt, bool, 0444);
MODULE_PARM_DESC(corrupt, "test only: corrupt one output of the load-time check, which must then refuse to load");

#define MAX_DATA 32
#define BLOCK PAGE_SIZE

static struct raid6_calls original;
static char name[48];

static void gfraid_gen(int disks, size_t bytes, void **ptrs)
{
	gfraid_gen_syndrome(disks, bytes, ptrs);
}

static void gfraid_xor(int disks, int start, int stop, size_t bytes, void **ptrs)
{
	gfraid_xor_syndrome(disks, start, stop, bytes, ptrs);
}

/* Two stripes of MAX_DATA data blocks, a zero block, P and Q: ours, and
   the kernel's. */
struct check {
	u8 *data[MAX_DATA + 1];	/* the last one stays zero */
	u8 *p[2], *q[2];
	void *ptrs[MAX_DATA + 3];
	unsigned int cases;
};

static int compare(struct check *c, const char *what, int ndata, int start, int stop)
{
	if (memcmp(c->p[0], c->p[1], BLOCK) || memcmp(c->q[0], c->q[1], BLOCK)) {
		pr_err("gfraid_raid6: %s differs from %s with %d data disks (start %d, stop %d): not installed\n",
		       what, original.name, ndata, start, stop);
		return -EINVAL;
	}
	c->cases++;
	return 0;
}

/*
 * ptrs for ndata data blocks and the given P and Q. With a single data
 * disk, the kernel's SIMD loops need two, so its side gets the zero block
 * as a second one, which changes neither P nor Q.
 */
static int set_ptrs(struct check *c, int ndata, int side)
{
	int disks = ndata + 2, i;

	if (side == 1 && ndata == 1)
		disks = 4;
	for (i = 0; i < disks - 2; i++)
		c->ptrs[i] = i < ndata ? c->data[i] : c->data[MAX_DATA];
	c->ptrs[disks - 2] = c->p[side];
	c->ptrs[disks - 1] = c->q[side];
	return disks;
}

static int check_gen(struct check *c, int ndata)
{
	int disks;

	disks = set_ptrs(c, ndata, 0);
	if (gfraid_gen_syndrome(disks, BLOCK, c->ptrs))
		return -EINVAL;
	if (corrupt && ndata == MAX_DATA / 2)
		c->q[0][BLOCK / 3] ^= 0x5a;
	disks = set_ptrs(c, ndata, 1);
	original.gen_syndrome(disks, BLOCK, c->ptrs);
	return compare(c, "gen_syndrome", ndata, 0, ndata - 1);
}

static int check_xor(struct check *c, int ndata, int start, int stop)
{
	int disks;

	/* The same P and Q (any bytes) on both sides, then xor in the window. */
	get_random_bytes(c->p[0], BLOCK);
	get_random_bytes(c->q[0], BLOCK);
	memcpy(c->p[1], c->p[0], BLOCK);
	memcpy(c->q[1], c->q[0], BLOCK);
	disks = set_ptrs(c, ndata, 0);
	if (gfraid_xor_syndrome(disks, start, stop, BLOCK, c->ptrs))
		return -EINVAL;
	disks = set_ptrs(c, ndata, 1);
	original.xor_syndrome(disks, start, stop, BLOCK, c->ptrs);
	return compare(c, "xor_syndrome", ndata, start, stop);
}

static int check_all(struct check *c)
{
	int ndata, w, err = 0;

	for (ndata = 1; ndata <= MAX_DATA && !err; ndata++) {
		/* md's small write, at the first, middle and last disk; a
		   window in the middle; everything */
		int win[5][2] = { { 0, 0 }, { ndata / 2, ndata / 2 }, { ndata - 1, ndata - 1 },
				  { ndata / 3, (2 * ndata) / 3 }, { 0, ndata - 1 } };

		err = check_gen(c, ndata);
		for (w = 0; w < 5 && !err; w++)
			err = check_xor(c, ndata, win[w][0], win[w][1]);
	}
	return err;
}

static void check_free(struct check *c)
{
	int i;

	for (i = 0; i <= MAX_DATA; i++)
		free_page((unsigned long)c->data[i]);
	for (i = 0; i < 2; i++) {
		free_page((unsigned long)c->p[i]);
		free_page((unsigned long)c->q[i]);
	}
}

static int check_alloc(struct check *c)
{
	int i;

	memset(c, 0, sizeof(*c));
	for (i = 0; i <= MAX_DATA; i++)
		c->data[i] = (u8 *)get_zeroed_page(GFP_KERNEL);
	for (i = 0; i < 2; i++) {
		c->p[i] = (u8 *)get_zeroed_page(GFP_KERNEL);
		c->q[i] = (u8 *)get_zeroed_page(GFP_KERNEL);
	}
	for (i = 0; i <= MAX_DATA; i++)
		if (!c->data[i])
			return -ENOMEM;
	if (!c->p[0] || !c->p[1] || !c->q[0] || !c->q[1])
		return -ENOMEM;
	for (i = 0; i < MAX_DATA; i++)
		get_random_bytes(c->data[i], BLOCK);
	return 0;
}

static int __init gfraid_raid6_init(void)
{
	struct check *c;
	int err;

	if (!raid6_call.gen_syndrome || !raid6_call.xor_syndrome) {
		pr_err("gfraid_raid6: raid6_pq has no gen_syndrome/xor_syndrome to compare with\n");
		return -ENODEV;
	}
	original = raid6_call;

	c = kzalloc(sizeof(*c), GFP_KERNEL);
	if (!c)
		return -ENOMEM;
	err = check_alloc(c);
	if (!err)
		err = check_all(c);
	if (!err)
		pr_info("gfraid_raid6: gen_syndrome %s and xor_syndrome %s match %s on %u cases (1..%d data disks, 5 xor windows each)\n",
			gfraid_impl_selected(GFRAID_OP_GEN_SYNDROME),
			gfraid_impl_selected(GFRAID_OP_XOR_SYNDROME), original.name, c->cases, MAX_DATA);
	check_free(c);
	kfree(c);
	if (err)
		return err;

	snprintf(name, sizeof(name), "gfraid-%s", gfraid_impl_selected(GFRAID_OP_GEN_SYNDROME));
	/* Each member is one aligned pointer store: a racing reader sees the
	   old or the new function, both correct. */
	WRITE_ONCE(raid6_call.name, name);
	WRITE_ONCE(raid6_call.xor_syndrome, gfraid_xor);
	WRITE_ONCE(raid6_call.gen_syndrome, gfraid_gen);
	pr_info("gfraid_raid6: installed gen_syndrome %s, xor_syndrome %s, replacing %s\n",
		gfraid_impl_selected(GFRAID_OP_GEN_SYNDROME),
		gfraid_impl_selected(GFRAID_OP_XOR_SYNDROME), original.name);
	return 0;
}

static void __exit gfraid_raid6_exit(void)
{
	WRITE_ONCE(raid6_call.gen_syndrome, original.gen_syndrome);
	WRITE_ONCE(raid6_call.xor_syndrome, original.xor_syndrome);
	WRITE_ONCE(raid6_call.name, original.name);
	/*
	 * A caller may have read our pointer just before and not be done:
	 * wait until every CPU has left any non-preemptible section
	 * (synchronize_rcu) and every task has switched out voluntarily
	 * (synchronize_rcu_tasks: a task preempted on its way into our code
	 * has not), so none can still be in or entering it.
	 */
	synchronize_rcu();
	synchronize_rcu_tasks();
	pr_info("gfraid_raid6: restored %s\n", original.name);
}

module_init(gfraid_raid6_init);
module_exit(gfraid_raid6_exit);

MODULE_LICENSE("Dual BSD/GPL");
MODULE_DESCRIPTION("libgfraid gen_syndrome/xor_syndrome for md RAID-6, checked against raid6_pq at load");
MODULE_VERSION("0.1.0");
MODULE_SOFTDEP("pre: raid6_pq");
