; SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
;
; Reed-Solomon encode inner loop, AVX-512 + GFNI, by hand.
;
; void gfr_ec_avx512_gfni_kernel(size_t len, int nsrc, int nrows,
;                                const uint64_t *mats, uint8_t *const *src,
;                                uint8_t *const *dst, int flags);
;
; For each of the nrows (1..4) outputs dst[r], over len bytes (a multiple
; of 128, at least 128): dst[r] (^)= sum over j < nsrc of M[r][j] * src[j],
; where M[r][j] = mats[r * 16 + j] is the gf2p8affineqb matrix of the
; coefficient (built by src/ec/avx512_gfni_asm.c from the ISA-L tables).
; flags bit 0 (accumulate) clear: dst is overwritten; set: the sum is
; XORed into it. Bit 1: dst's stores may span two cache lines; when
; overwriting, each step first prefetches the lines it will store, which
; then come from memory together instead of one store after another
; (src/simd/claim.h).
;
; 128 bytes (two zmm) per step; sources two at a time, each pair's two
; products folded into an accumulator by one vpternlogq; matrices
; broadcast straight from memory ({1to8}). One loop per row count, so the
; accumulators are fixed registers: zmm0-zmm7 (row r: zmm(2r), zmm(2r+1)).
;
; System V ABI: rdi len, esi nsrc, edx nrows, rcx mats, r8 src, r9 dst,
; [rsp + 8] flags. Clobbers only caller-saved registers; callers in
; the kernel hold kernel_fpu_begin().
;
; In a kernel built with return thunks (retbleed: CONFIG_RETHUNK, 6.12's
; CONFIG_MITIGATION_RETHUNK), kernel/Kbuild defines GFRAID_RETHUNK and the
; function returns through __x86_return_thunk as compiled code does, so
; objtool lists the site for the kernel to patch. The symbol carries its
; type and size, which objtool needs to check it. It is only called
; directly, so it has no ENDBR (IBT).

default rel
section .text

%ifdef GFRAID_RETHUNK
extern __x86_return_thunk
%define RET jmp __x86_return_thunk
%else
%define RET ret
%endif

global gfr_ec_avx512_gfni_kernel:function (gfr_ec_avx512_gfni_kernel.end - gfr_ec_avx512_gfni_kernel)

; ROWS n: the whole encode for n output rows, then return.
%macro ROWS 1
.rows%1:
	xor	r10, r10			; byte offset
.step%1:
	test	eax, 1
	jz	.zero%1
%assign r 0
%rep %1
	mov	r11, [r9 + 8 * r]
	vmovdqu64 zmm %+ %eval(2 * r), [r11 + r10]
	vmovdqu64 zmm %+ %eval(2 * r + 1), [r11 + r10 + 64]
%assign r r + 1
%endrep
	jmp	.sources%1
.zero%1:
	test	eax, 2
	jz	.zeroed%1
%assign r 0
%rep %1
	mov	r11, [r9 + 8 * r]
	prefetcht0 [r11 + r10 + 63]
	prefetcht0 [r11 + r10 + 127]
%assign r r + 1
%endrep
.zeroed%1:
%assign r 0
%rep %1
	vpxorq	zmm %+ %eval(2 * r), zmm %+ %eval(2 * r), zmm %+ %eval(2 * r)
	vpxorq	zmm %+ %eval(2 * r + 1), zmm %+ %eval(2 * r + 1), zmm %+ %eval(2 * r + 1)
%assign r r + 1
%endrep
.sources%1:
	xor	ebx, ebx			; source j
	test	esi, 1
	jz	.pairs%1
	; an odd count: source 0 alone
	mov	r11, [r8]
	vmovdqu64 zmm16, [r11 + r10]
	vmovdqu64 zmm17, [r11 + r10 + 64]
%assign r 0
%rep %1
	vgf2p8affineqb zmm20, zmm16, [rcx + 128 * r]{1to8}, 0
	vgf2p8affineqb zmm21, zmm17, [rcx + 128 * r]{1to8}, 0
	vpxorq	zmm %+ %eval(2 * r), zmm %+ %eval(2 * r), zmm20
	vpxorq	zmm %+ %eval(2 * r + 1), zmm %+ %eval(2 * r + 1), zmm21
%assign r r + 1
%endrep
	mov	ebx, 1
.pairs%1:
	cmp	ebx, esi
	jae	.store%1
	mov	r11, [r8 + 8 * rbx]
	mov	r12, [r8 + 8 * rbx + 8]
	vmovdqu64 zmm16, [r11 + r10]
	vmovdqu64 zmm17, [r11 + r10 + 64]
	vmovdqu64 zmm18, [r12 + r10]
	vmovdqu64 zmm19, [r12 + r10 + 64]
%assign r 0
%rep %1
	vgf2p8affineqb zmm20, zmm16, [rcx + 8 * rbx + 128 * r]{1to8}, 0
	vgf2p8affineqb zmm22, zmm18, [rcx + 8 * rbx + 128 * r + 8]{1to8}, 0
	vgf2p8affineqb zmm21, zmm17, [rcx + 8 * rbx + 128 * r]{1to8}, 0
	vgf2p8affineqb zmm23, zmm19, [rcx + 8 * rbx + 128 * r + 8]{1to8}, 0
	vpternlogq zmm %+ %eval(2 * r), zmm20, zmm22, 0x96
	vpternlogq zmm %+ %eval(2 * r + 1), zmm21, zmm23, 0x96
%assign r r + 1
%endrep
	add	ebx, 2
	jmp	.pairs%1
.store%1:
%assign r 0
%rep %1
	mov	r11, [r9 + 8 * r]
	vmovdqu64 [r11 + r10], zmm %+ %eval(2 * r)
	vmovdqu64 [r11 + r10 + 64], zmm %+ %eval(2 * r + 1)
%assign r r + 1
%endrep
	add	r10, 128
	cmp	r10, rdi
	jb	.step%1
	jmp	.done
%endmacro

gfr_ec_avx512_gfni_kernel:
	push	rbx
	push	r12
	mov	eax, [rsp + 24]			; flags (7th argument)
	cmp	edx, 2
	jb	.rows1
	je	.rows2
	cmp	edx, 4
	jb	.rows3
	jmp	.rows4

	ROWS 1
	ROWS 2
	ROWS 3
	ROWS 4

.done:
	vzeroupper
	pop	r12
	pop	rbx
	RET
	int3
.end:

section .note.GNU-stack noalloc noexec nowrite progbits
