// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
/*
 * gfraid_raid6.ko: put libgfraid's gen_syndrome and xor_syndrome (the
 * variants gfraid.ko selected) into raid6_call, the calls md's RAID-6 runs,
 * and its recovery into raid6_2data_recov and raid6_datap_recov, the
 * pointers md's degraded reads and rebuilds reach through async_tx when no
 * DMA engine does RAID-6 (raid6_pq exports all three; 6.1 and 6.12 tested).
 *
 * Before installing anything it checks every one, byte for byte, against
 * what raid6_pq chose at boot: gen and xor for 1..32 data disks and several
 * start/stop windows of xor_syndrome; both recoveries for every failure of
 * 4..32 disks in a page, and of a few disk counts in 512 and 2048 bytes
 * (the kernel's recovery takes at most a page: it reads its zero page for
 * the lost blocks; md's stripes are a page on x86). Any mismatch and the
 * load fails with nothing installed. corrupt=1 (2) flips one byte of
 * libgfraid's output in the gen (recovery) check, to prove the refusal.
 * Unloading puts the original calls back and waits until no task can
 * still be running ours.
 */
#include <linux/module.h>
#include <linux/mm.h>
#include <linux/random.h>
#include <linux/raid/pq.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>

#include "gfraid.h"

static int corrupt;
module_param(corrupt, int, 0444);
MODULE_PARM_DESC(corrupt, "test only: 1 (2) corrupts one output of the load-time gen (recovery) check, which must then refuse to load");

#define MAX_DATA 32
#define BLOCK PAGE_SIZE

/* How often md ran each recovery of ours, read-only parameters: the tests
   make sure a degraded array really went through them. */
static atomic_long_t recovered_2data, recovered_datap;

static int get_count(char *buf, const struct kernel_param *kp)
{
	return scnprintf(buf, PAGE_SIZE, "%ld\n", atomic_long_read((atomic_long_t *)kp->arg));
}

static const struct kernel_param_ops count_ops = { .get = get_count };
module_param_cb(recoveries_2data, &count_ops, &recovered_2data, 0444);
MODULE_PARM_DESC(recoveries_2data, "calls of libgfraid's raid6_2data_recov since load");
module_param_cb(recoveries_datap, &count_ops, &recovered_datap, 0444);
MODULE_PARM_DESC(recoveries_datap, "calls of libgfraid's raid6_datap_recov since load");

static struct raid6_calls original;
static void (*original_2data)(int disks, size_t bytes, int faila, int failb, void **ptrs);
static void (*original_datap)(int disks, size_t bytes, int faila, void **ptrs);
static char name[48];

/* The choices for md's pages, narrow/typical/wide stripes, into buf. */
#define PAGE_CHOICES 64
static char gen_names[PAGE_CHOICES], xor_names[PAGE_CHOICES], recov_names[PAGE_CHOICES];

static const char *page_choices(enum gfraid_op op, char *buf)
{
	snprintf(buf, PAGE_CHOICES, "%s/%s/%s",
		 gfraid_impl_selected(op, GFRAID_CLASS_SMALL, GFRAID_WIDTH_NARROW),
		 gfraid_impl_selected(op, GFRAID_CLASS_SMALL, GFRAID_WIDTH_TYPICAL),
		 gfraid_impl_selected(op, GFRAID_CLASS_SMALL, GFRAID_WIDTH_WIDE));
	return buf;
}

static void gfraid_gen(int disks, size_t bytes, void **ptrs)
{
	gfraid_gen_syndrome(disks, bytes, ptrs);
}

static void gfraid_xor(int disks, int start, int stop, size_t bytes, void **ptrs)
{
	gfraid_xor_syndrome(disks, start, stop, bytes, ptrs);
}

/* md passes faila < failb; libgfraid's argument checks need it, so the
   order is made sure of, and anything they still refuse goes to the
   kernel's own code rather than being left undone. */
static void gfraid_2data(int disks, size_t bytes, int faila, int failb, void **ptrs)
{
	int a = min(faila, failb), b = max(faila, failb);

	atomic_long_inc(&recovered_2data);
	if (gfraid_recov_2data(disks, bytes, a, b, ptrs))
		original_2data(disks, bytes, faila, failb, ptrs);
}

static void gfraid_datap(int disks, size_t bytes, int faila, void **ptrs)
{
	atomic_long_inc(&recovered_datap);
	if (gfraid_recov_datap(disks, bytes, faila, ptrs))
		original_datap(disks, bytes, faila, ptrs);
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
	if (corrupt == 1 && ndata == MAX_DATA / 2)
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

static int check_syndromes(void)
{
	struct check *c = kzalloc(sizeof(*c), GFP_KERNEL);
	int err;

	if (!c)
		return -ENOMEM;
	err = check_alloc(c);
	if (!err)
		err = check_all(c);
	if (!err)
		pr_info("gfraid_raid6: gen_syndrome %s and xor_syndrome %s (narrow/typical/wide stripes) match %s on %u cases (1..%d data disks, 5 xor windows each)\n",
			page_choices(GFRAID_OP_GEN_SYNDROME, gen_names),
			page_choices(GFRAID_OP_XOR_SYNDROME, xor_names), original.name, c->cases,
			MAX_DATA);
	check_free(c);
	kfree(c);
	return err;
}

/*
 * The recovery check: stripes of 4..RECOV_DISKS disks, P and Q by the
 * kernel's gen_syndrome; for each failure, each side (0: the kernel's
 * recovery, 1: libgfraid's) rebuilds into its own blocks, garbage on entry,
 * with its own copies of P and Q. Both must give the lost data, and the
 * same bytes in P and Q.
 */
#define RECOV_DISKS 32

struct recov_check {
	u8 *data[RECOV_DISKS - 2], *p, *q;
	u8 *lost[2][2], *sp[2], *sq[2];
	void *ptrs[2][RECOV_DISKS];
	unsigned int cases_2data, cases_datap;
};

static void recov_free(struct recov_check *r)
{
	int i, side;

	for (i = 0; i < RECOV_DISKS - 2; i++)
		kvfree(r->data[i]);
	kvfree(r->p);
	kvfree(r->q);
	for (side = 0; side < 2; side++) {
		kvfree(r->lost[side][0]);
		kvfree(r->lost[side][1]);
		kvfree(r->sp[side]);
		kvfree(r->sq[side]);
	}
}

static int recov_alloc(struct recov_check *r)
{
	size_t n = PAGE_SIZE;
	int i, side, ok = 1;

	memset(r, 0, sizeof(*r));
	for (i = 0; i < RECOV_DISKS - 2; i++)
		ok &= (r->data[i] = kvmalloc(n, GFP_KERNEL)) != NULL;
	ok &= (r->p = kvmalloc(n, GFP_KERNEL)) != NULL;
	ok &= (r->q = kvmalloc(n, GFP_KERNEL)) != NULL;
	for (side = 0; side < 2; side++) {
		ok &= (r->lost[side][0] = kvmalloc(n, GFP_KERNEL)) != NULL;
		ok &= (r->lost[side][1] = kvmalloc(n, GFP_KERNEL)) != NULL;
		ok &= (r->sp[side] = kvmalloc(n, GFP_KERNEL)) != NULL;
		ok &= (r->sq[side] = kvmalloc(n, GFP_KERNEL)) != NULL;
	}
	if (!ok)
		return -ENOMEM;
	for (i = 0; i < RECOV_DISKS - 2; i++)
		get_random_bytes(r->data[i], n);
	return 0;
}

/* Each side's pointers for one failure (fb -1: data fa and P), its lost
   blocks and (for datap) P filled with garbage, its P and Q copied. */
static void recov_prepare(struct recov_check *r, int disks, size_t bytes, int fa, int fb)
{
	int side, i;

	for (side = 0; side < 2; side++) {
		memset(r->lost[side][0], 0xa5, bytes);
		memset(r->lost[side][1], 0x5a, bytes);
		if (fb < 0)
			memset(r->sp[side], 0xc3, bytes);
		else
			memcpy(r->sp[side], r->p, bytes);
		memcpy(r->sq[side], r->q, bytes);
		for (i = 0; i < disks - 2; i++)
			r->ptrs[side][i] = r->data[i];
		r->ptrs[side][fa] = r->lost[side][0];
		if (fb >= 0)
			r->ptrs[side][fb] = r->lost[side][1];
		r->ptrs[side][disks - 2] = r->sp[side];
		r->ptrs[side][disks - 1] = r->sq[side];
	}
}

static int recov_compare(struct recov_check *r, const char *what, int disks, size_t bytes,
			 int fa, int fb)
{
	int side;

	for (side = 0; side < 2; side++)
		if (memcmp(r->lost[side][0], r->data[fa], bytes) ||
		    (fb >= 0 && memcmp(r->lost[side][1], r->data[fb], bytes)) ||
		    memcmp(r->sp[side], r->p, bytes) || memcmp(r->sq[side], r->q, bytes)) {
			pr_err("gfraid_raid6: %s by %s gives wrong bytes with %d disks, %zu bytes, failed %d and %d: not installed\n",
			       what, side ? "libgfraid" : "the kernel's recovery", disks, bytes, fa,
			       fb < 0 ? disks - 2 : fb);
			return -EINVAL;
		}
	return 0;
}

/* Every failure pair and every data + P failure of one geometry. */
static int recov_geometry(struct recov_check *r, int disks, size_t bytes)
{
	int fa, fb, i, err = 0;

	for (i = 0; i < disks - 2; i++)
		r->ptrs[0][i] = r->data[i];
	r->ptrs[0][disks - 2] = r->p;
	r->ptrs[0][disks - 1] = r->q;
	original.gen_syndrome(disks, bytes, r->ptrs[0]);

	for (fa = 0; fa < disks - 2 && !err; fa++) {
		for (fb = fa + 1; fb < disks - 2 && !err; fb++) {
			recov_prepare(r, disks, bytes, fa, fb);
			original_2data(disks, bytes, fa, fb, r->ptrs[0]);
			if (gfraid_recov_2data(disks, bytes, fa, fb, r->ptrs[1]))
				return -EINVAL;
			if (corrupt == 2 && disks == RECOV_DISKS / 2 && fb == fa + 1)
				r->lost[1][1][bytes / 3] ^= 0x5a;
			err = recov_compare(r, "raid6_2data_recov", disks, bytes, fa, fb);
			r->cases_2data++;
		}
		if (err)
			break;
		recov_prepare(r, disks, bytes, fa, -1);
		original_datap(disks, bytes, fa, r->ptrs[0]);
		if (gfraid_recov_datap(disks, bytes, fa, r->ptrs[1]))
			return -EINVAL;
		err = recov_compare(r, "raid6_datap_recov", disks, bytes, fa, -1);
		r->cases_datap++;
	}
	return err;
}

/* A page (md's stripe) for every disk count; 512 and 2048 bytes for a
   few. */
static int recov_check_all(struct recov_check *r)
{
	static const int few[] = { 4, 11, 18, 25, RECOV_DISKS };
	int disks, i, err = 0;

	for (disks = 4; disks <= RECOV_DISKS && !err; disks++)
		err = recov_geometry(r, disks, PAGE_SIZE);
	for (i = 0; i < ARRAY_SIZE(few) && !err; i++)
		err = recov_geometry(r, few[i], 512);
	for (i = 0; i < ARRAY_SIZE(few) && !err; i++)
		err = recov_geometry(r, few[i], 2048);
	return err;
}

static int check_recovery(void)
{
	struct recov_check *r = kzalloc(sizeof(*r), GFP_KERNEL);
	int err;

	if (!r)
		return -ENOMEM;
	err = recov_alloc(r);
	if (!err)
		err = recov_check_all(r);
	if (!err)
		pr_info("gfraid_raid6: recovery %s matches the kernel's on %u 2data + %u datap cases (every failure of 4..%d disks in a page; 5 disk counts in 512 and 2048 bytes)\n",
			page_choices(GFRAID_OP_RECOV, recov_names), r->cases_2data, r->cases_datap,
			RECOV_DISKS);
	recov_free(r);
	kfree(r);
	return err;
}

static int __init gfraid_raid6_init(void)
{
	int err;

	if (!raid6_call.gen_syndrome || !raid6_call.xor_syndrome) {
		pr_err("gfraid_raid6: raid6_pq has no gen_syndrome/xor_syndrome to compare with\n");
		return -ENODEV;
	}
	if (!raid6_2data_recov || !raid6_datap_recov) {
		pr_err("gfraid_raid6: raid6_pq has no recovery to compare with\n");
		return -ENODEV;
	}
	original = raid6_call;
	original_2data = raid6_2data_recov;
	original_datap = raid6_datap_recov;

	/* the kernel's recovery runs raid6_call.gen_syndrome: checked while
	   that is still the kernel's */
	err = check_syndromes();
	if (!err)
		err = check_recovery();
	if (err)
		return err;

	/* md calls it on pages: the small class */
	snprintf(name, sizeof(name), "gfraid-%s",
		 gfraid_impl_selected(GFRAID_OP_GEN_SYNDROME, GFRAID_CLASS_SMALL,
				      GFRAID_WIDTH_TYPICAL));
	/* Each member is one aligned pointer store: a racing reader sees the
	   old or the new function, both correct. */
	WRITE_ONCE(raid6_call.name, name);
	WRITE_ONCE(raid6_call.xor_syndrome, gfraid_xor);
	WRITE_ONCE(raid6_call.gen_syndrome, gfraid_gen);
	WRITE_ONCE(raid6_2data_recov, gfraid_2data);
	WRITE_ONCE(raid6_datap_recov, gfraid_datap);
	pr_info("gfraid_raid6: installed gen_syndrome %s, xor_syndrome %s, replacing %s, and recovery %s, replacing the kernel's (narrow/typical/wide stripes)\n",
		page_choices(GFRAID_OP_GEN_SYNDROME, gen_names),
		page_choices(GFRAID_OP_XOR_SYNDROME, xor_names), original.name,
		page_choices(GFRAID_OP_RECOV, recov_names));
	return 0;
}

static void __exit gfraid_raid6_exit(void)
{
	WRITE_ONCE(raid6_2data_recov, original_2data);
	WRITE_ONCE(raid6_datap_recov, original_datap);
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
	pr_info("gfraid_raid6: restored %s and the kernel's recovery\n", original.name);
}

module_init(gfraid_raid6_init);
module_exit(gfraid_raid6_exit);

MODULE_LICENSE("Dual BSD/GPL");
MODULE_DESCRIPTION("libgfraid gen_syndrome, xor_syndrome and recovery for md RAID-6, checked against raid6_pq at load");
MODULE_VERSION("0.1.0");
MODULE_SOFTDEP("pre: raid6_pq");
