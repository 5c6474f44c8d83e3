#!/usr/bin/env python3
"""Convolutions through systile-pipeline and systile-run against numpy.

For each convolution form convert-linalg-to-systile lowers (2-D NHWC/HWCF,
NHWC/FHWC, NCHW/FCHW, 1-D NWC/WCF and NCW/FCW), with strides, dilations, a
tensor.pad of the input (SAME and asymmetric padding, a non-zero pad value),
a non-zero accumulator, f32 at precision f32 and bf16, and i8 -> i32, the
program is lowered with each conv-strategy and run; the result must equal,
bit for bit, this file's numpy model of the strategy's order (RFC 6):

  im2col: one matmul (rfc6ref.matmul, the blocked order) of the im2col
          matrix, built here from the convolution's definition with columns
          ordered (kh, kw, c), by the KH*KW*C x F filter;
  taps:   acc = init, then for each tap (kh, kw) in row-major order
          acc = matmul(window, filter[kh, kw], acc).

The unlowered program, run by systile-run in upstream's loop order, must
equal a numpy model of that order bit for bit (each product and sum
rounded, the reduction loops in the op's iterator order) and agree with a
float64 reference to within 1e-5 of max |out|, and the lowered f32 results
too. The --stats line is checked against RFC 8's figures
computed here (one matmul per strategy step, M = N*OH*OW rows) and the
halo MACs against a count made here position by position. Each lowered
program also runs compiled (systile-run --compile) and must give the same
bits as the model.

usage: conv_check.py --bin-dir DIR --work-dir DIR
"""
import argparse
import math
import os
import re

import numpy as np

from rfc6ref import matmul, to_bf16
from testlib import run

F32 = np.float32


class Case:
    def __init__(self, name, form, n, c, hw, f, k, strides=(1, 1),
                 dilations=(1, 1), pad=(0, 0, 0, 0), pad_value=0.0,
                 dtype="f32", precision="f32", geometry=(2, 4, 4),
                 pool=None, groups=1):
        self.name, self.form = name, form
        # Grouped forms (2d_ngchw_gfchw, 2d_ngchw_fgchw, 2d_nhwgc_gfhwc):
        # `groups` groups of c/groups channels and f/groups filters, written
        # as torch-mlir writes them (the image's channels expanded into
        # (groups, channels) by tensor.expand_shape after the pad). Depthwise
        # forms (dw_*): one group per channel, `f` the channel multiplier.
        self.depthwise = form.startswith("dw_")
        self.grouped = "ngchw" in form or "nhwgc" in form
        if self.depthwise:
            groups, f = c, c * f
        self.groups = groups
        self.cg, self.fg = c // groups, (f // groups if f else f)
        # pool: "max", "min" or "sum" for linalg.pooling_<layout>_<pool>
        # (form names the layout: 2d_nhwc_hwcf is nhwc, 2d_nchw_fchw nchw,
        # 1d_nwc_wcf nwc, 1d_ncw_fcw ncw); the channels are the filters.
        self.pool = pool
        if pool:
            f = c
        self.n, self.c, self.f = n, c, f
        self.base = form[3:] if self.depthwise else form
        self.one_d = self.base.startswith("1d")
        # The activation's layout: channels after the batch or last.
        self.nchw = any(t in self.base for t in ("nchw", "ncw", "ngchw"))
        self.h, self.w = (1, hw) if self.one_d else hw
        self.kh, self.kw = (1, k) if self.one_d else k
        self.sh, self.sw = (1, strides[0]) if self.one_d else strides
        self.dh, self.dw = (1, dilations[0]) if self.one_d else dilations
        self.pt, self.pl, self.pb, self.pr = pad
        self.pad_value = pad_value
        self.dtype, self.precision, self.geometry = dtype, precision, geometry
        self.oh = (self.h + self.pt + self.pb - (self.kh - 1) * self.dh - 1) // self.sh + 1
        self.ow = (self.w + self.pl + self.pr - (self.kw - 1) * self.dw - 1) // self.sw + 1

    # Shapes as the function takes them (a grouped image with one channel
    # dimension, as torch-mlir's function does).
    def x_shape(self):
        n, c, h, w = self.n, self.c, self.h, self.w
        if self.one_d:
            return (n, c, w) if self.nchw else (n, w, c)
        return (n, c, h, w) if self.nchw else (n, h, w, c)

    def spatial_dims(self):
        """The (H, W) dimensions of x_shape (H None for 1-D)."""
        if self.one_d:
            return (None, 2) if self.nchw else (None, 1)
        return (2, 3) if self.nchw else (1, 2)

    def padded_shape(self):
        s = list(self.x_shape())
        dh, dw = self.spatial_dims()
        if dh is not None:
            s[dh] += self.pt + self.pb
        s[dw] += self.pl + self.pr
        return tuple(s)

    def w_shape(self):
        kh, kw, c, f = self.kh, self.kw, self.c, self.f
        g, cg, fg = self.groups, self.cg, self.fg
        if self.pool:
            return (kw,) if self.one_d else (kh, kw)
        m = self.f // self.c if self.depthwise else 1
        return {"2d_nhwc_hwcf": (kh, kw, c, f), "2d_nhwc_fhwc": (f, kh, kw, c),
                "2d_nchw_fchw": (f, c, kh, kw), "1d_nwc_wcf": (kw, c, f),
                "1d_ncw_fcw": (f, c, kw),
                "2d_ngchw_gfchw": (g, fg, cg, kh, kw),
                "2d_ngchw_fgchw": (fg, g, cg, kh, kw),
                "2d_nhwgc_gfhwc": (g, fg, kh, kw, cg),
                "dw_2d_nhwc_hwc": (kh, kw, c), "dw_2d_nchw_chw": (c, kh, kw),
                "dw_2d_nhwc_hwcm": (kh, kw, c, m), "dw_1d_nwc_wc": (kw, c),
                "dw_1d_ncw_cw": (c, kw), "dw_1d_nwc_wcm": (kw, c, m),
                }[self.form]

    def out_shape(self):
        n, f, oh, ow = self.n, self.f, self.oh, self.ow
        if self.one_d:
            return (n, f, ow) if self.nchw else (n, ow, f)
        return (n, f, oh, ow) if self.nchw else (n, oh, ow, f)

    def op_shapes(self):
        """The op's own input and output shapes (grouped and multiplier
        forms split the channels)."""
        x, o = list(self.padded_shape()), list(self.out_shape())
        g = self.groups
        if self.grouped:
            ci = 1 if self.nchw else len(x) - 1
            x[ci:ci + 1] = [g, self.cg]
            o[ci:ci + 1] = [g, self.fg]
        elif self.depthwise and self.form.endswith("m"):
            o[-1:] = [self.c, self.f // self.c]
        return tuple(x), tuple(o)

    # Canonical views: x as [N, H, W, C], filter as [G, KH, KW, C/G, F/G],
    # out as [N, OH, OW, F] (channel g*C/G + c is channel c of group g).
    def x_nhwc(self, x):
        if self.one_d:
            x = x[:, :, None, :] if self.nchw else x[:, None, :, :]
        return np.transpose(x, (0, 2, 3, 1)) if self.nchw else x

    def w_ghwcf(self, w):
        f = self.form
        if self.one_d and not self.pool:
            # Insert KH = 1 where the 2-D form has it.
            at = {"1d_nwc_wcf": 0, "1d_ncw_fcw": 2, "dw_1d_nwc_wc": 0,
                  "dw_1d_ncw_cw": 1, "dw_1d_nwc_wcm": 0}[f]
            w = np.expand_dims(w, at)
            f = {"1d_nwc_wcf": "2d_nhwc_hwcf", "1d_ncw_fcw": "2d_nchw_fchw",
                 "dw_1d_nwc_wc": "dw_2d_nhwc_hwc",
                 "dw_1d_ncw_cw": "dw_2d_nchw_chw",
                 "dw_1d_nwc_wcm": "dw_2d_nhwc_hwcm"}[f]
        if f == "2d_nhwc_hwcf":
            return w[None]
        if f == "2d_nhwc_fhwc":
            return np.transpose(w, (1, 2, 3, 0))[None]
        if f == "2d_nchw_fchw":
            return np.transpose(w, (2, 3, 1, 0))[None]
        if f == "2d_ngchw_gfchw":
            return np.transpose(w, (0, 3, 4, 2, 1))
        if f == "2d_ngchw_fgchw":
            return np.transpose(w, (1, 3, 4, 2, 0))
        if f == "2d_nhwgc_gfhwc":
            return np.transpose(w, (0, 2, 3, 4, 1))
        if f == "dw_2d_nhwc_hwc":
            return np.transpose(w, (2, 0, 1))[:, :, :, None, None]
        if f == "dw_2d_nchw_chw":
            return w[:, :, :, None, None]
        if f == "dw_2d_nhwc_hwcm":
            return np.transpose(w, (2, 0, 1, 3))[:, :, :, None, :]
        raise AssertionError(f)

    def out_nhwf(self, o):
        if self.one_d:
            o = o[:, :, None, :] if self.nchw else o[:, None]
        return np.transpose(o, (0, 2, 3, 1)) if self.nchw else o

    def from_nhwf(self, o):
        if self.nchw:
            o = np.transpose(o, (0, 3, 1, 2))
            return o[:, :, 0, :] if self.one_d else o
        return o[:, 0] if self.one_d else o

    def mlir(self):
        et = {"f32": "f32", "bf16": "bf16", "i8": "i8"}[self.dtype]
        ot = "i32" if self.dtype == "i8" else "f32"
        t = lambda s, e: "tensor<" + "x".join(map(str, s)) + f"x{e}>"
        xt, pt, wt, out = (t(self.x_shape(), et), t(self.padded_shape(), et),
                           t(self.w_shape(), et), t(self.out_shape(), ot))
        op_in, op_out = self.op_shapes()
        op_in_t, op_out_t = t(op_in, et), t(op_out, ot)
        rank = len(self.x_shape())
        lo, hi = [0] * rank, [0] * rank
        sh_dim, sw_dim = self.spatial_dims()
        if sh_dim is not None:
            lo[sh_dim], hi[sh_dim] = self.pt, self.pb
        lo[sw_dim], hi[sw_dim] = self.pl, self.pr
        idx = ", ".join(f"%i{d}: index" for d in range(rank))
        if self.dtype == "i8":
            cst = f"arith.constant {int(self.pad_value)} : i8"
        else:
            v = F32(self.pad_value)
            hexbits = f"0x{int(v.view(np.uint32)):08X}"
            if et == "bf16":
                hexbits = f"0x{int(v.view(np.uint32)) >> 16:04X}"
            cst = f"arith.constant {hexbits} : {et}"
        strides = [self.sw] if self.one_d else [self.sh, self.sw]
        dil = [self.dw] if self.one_d else [self.dh, self.dw]
        nd = len(strides)
        attrs = (f"{{dilations = dense<[{', '.join(map(str, dil))}]> : tensor<{nd}xi64>, "
                 f"strides = dense<[{', '.join(map(str, strides))}]> : tensor<{nd}xi64>}}")
        padded = "%x"
        body = ""
        if any(lo) or any(hi):
            body = (f"  %pv = {cst}\n"
                    f"  %p = tensor.pad %x low[{', '.join(map(str, lo))}] "
                    f"high[{', '.join(map(str, hi))}] {{\n"
                    f"  ^bb0({idx}):\n    tensor.yield %pv : {et}\n"
                    f"  }} : {xt} to {pt}\n")
            padded = "%p"
        in_t = pt if padded == "%p" else xt
        if self.pool:
            layout = self.form.split("_")[1]
            return (f"func.func @main(%x: {xt}, %acc: {out}) -> {out} {{\n"
                    + body +
                    f"  %w = tensor.empty() : {wt}\n"
                    f"  %r = linalg.pooling_{layout}_{self.pool} {attrs}\n"
                    f"      ins({padded}, %w : {in_t}, {wt}) outs(%acc : {out}) -> {out}\n"
                    f"  return %r : {out}\n}}\n")
        name = ("linalg.depthwise_conv_" + self.base if self.depthwise
                else "linalg.conv_" + self.form)
        acc, result = "%acc", "%r"
        if op_in_t != in_t or op_out_t != out:
            # The channels split as torch-mlir splits them: expand_shape of
            # the (padded) image and of the accumulator, collapse_shape of
            # the result.
            ci = 1 if self.nchw else rank - 1
            groups = lambda r, at: "[" + ", ".join(
                "[" + ", ".join(map(str, g)) + "]" for g in
                ([[d] for d in range(at)] + [[at, at + 1]] +
                 [[d + 1] for d in range(at + 1, r)])) + "]"
            if op_in_t != in_t:
                body += (f"  %xe = tensor.expand_shape {padded} {groups(rank, ci)} "
                         f"output_shape [{', '.join(map(str, op_in))}] : {in_t} into {op_in_t}\n")
                padded = "%xe"
            oc = len(op_out) - 2 if not self.nchw else 1
            body += (f"  %acce = tensor.expand_shape %acc {groups(len(self.out_shape()), oc)} "
                     f"output_shape [{', '.join(map(str, op_out))}] : {out} into {op_out_t}\n")
            acc, result = "%acce", "%re"
            tail = (f"  %r = tensor.collapse_shape %re {groups(len(self.out_shape()), oc)} "
                    f": {op_out_t} into {out}\n")
        else:
            tail = ""
        return (f"func.func @main(%x: {xt}, %w: {wt}, %acc: {out}) -> {out} {{\n"
                + body +
                f"  {result} = {name} {attrs}\n"
                f"      ins({padded}, %w : {op_in_t}, {wt}) outs({acc} : {op_out_t}) -> {op_out_t}\n"
                + tail +
                f"  return %r : {out}\n}}\n")

    # The numpy model.
    def taps(self, x):
        """{(kh, kw): the N*OH*OW x C window} and the halo mask of each,
        from the definition (input row of output (n, oh, ow) and tap)."""
        xn = self.x_nhwc(x)
        rows = self.n * self.oh * self.ow
        out, halo = {}, {}
        for i in range(self.kh):
            for j in range(self.kw):
                win = np.empty((rows, self.c), xn.dtype)
                mask = np.zeros(rows, bool)
                r = 0
                for n in range(self.n):
                    for oh in range(self.oh):
                        for ow in range(self.ow):
                            ih = oh * self.sh + i * self.dh - self.pt
                            iw = ow * self.sw + j * self.dw - self.pl
                            if 0 <= ih < self.h and 0 <= iw < self.w:
                                win[r] = xn[n, ih, iw]
                            else:
                                win[r] = self.pad_value
                                mask[r] = True
                            r += 1
                out[i, j], halo[i, j] = win, mask
        return out, halo

    def pool_model(self, x, acc):
        """Upstream's order: acc, then each tap in row-major order."""
        taps, _ = self.taps(x)
        d = self.out_nhwf(acc).reshape(-1, self.f)
        op = {"max": np.maximum, "min": np.minimum, "sum": np.add}[self.pool]
        for i in range(self.kh):
            for j in range(self.kw):
                d = op(d, taps[i, j].astype(d.dtype))
                if d.dtype == np.int32:
                    d = d.astype(np.int32)
        return self.from_nhwf(d.reshape(self.n, self.oh, self.ow, self.f))

    def group_cols(self, g):
        return slice(g * self.cg, (g + 1) * self.cg)

    def group_outs(self, g):
        return slice(g * self.fg, (g + 1) * self.fg)

    def model(self, x, w, acc, strategy):
        if self.pool:
            return self.pool_model(x, acc)
        mxu = self.geometry[2]
        taps, _ = self.taps(x)
        wg = self.w_ghwcf(w)
        a0 = self.out_nhwf(acc).reshape(-1, self.f)
        kw = dict(mxu=mxu, precision=self.precision)
        if self.dtype == "i8":
            kw = dict(mxu=mxu)
        if self.dtype == "bf16":
            # bf16 inputs: widened exactly to f32 (the products are exact).
            taps = {t: v.astype(F32) for t, v in taps.items()}
            wg = wg.astype(F32)
        outs = []
        for g in range(self.groups):
            tg = {t: v[:, self.group_cols(g)] for t, v in taps.items()}
            ag = a0[:, self.group_outs(g)]
            if strategy == "im2col":
                cols = np.concatenate([tg[i, j] for i in range(self.kh)
                                       for j in range(self.kw)], axis=1)
                d = matmul(cols, wg[g].reshape(-1, self.fg), ag, **kw)
            else:
                d = ag
                for i in range(self.kh):
                    for j in range(self.kw):
                        d = matmul(tg[i, j], wg[g, i, j], d, **kw)
            outs.append(d)
        d = np.concatenate(outs, axis=1)
        return self.from_nhwf(d.reshape(self.n, self.oh, self.ow, self.f))

    def upstream_model(self, x, w, acc):
        """The unlowered op's order: acc, then one rounded product and one
        rounded sum per reduction point, the reduction loops in the op's
        iterator order ((kh, kw, c) for channels-last forms, (c, kh, kw)
        for NCHW / NCW / NGCHW; a depthwise form reduces (kh, kw))."""
        taps, _ = self.taps(x)
        wg = self.w_ghwcf(w).astype(F32)
        d = self.out_nhwf(acc).reshape(-1, self.f).astype(F32)
        points = [(i, j, c) for i in range(self.kh) for j in range(self.kw)
                  for c in range(self.cg)]
        if self.nchw:
            points.sort(key=lambda p: (p[2], p[0], p[1]))
        with np.errstate(over="ignore", invalid="ignore"):
            for g in range(self.groups):
                cols, outs = self.group_cols(g), self.group_outs(g)
                dg = d[:, outs]
                for i, j, c in points:
                    tap = taps[i, j][:, cols]
                    prod = np.multiply(tap[:, c:c + 1].astype(F32),
                                       wg[g, i, j, c][None, :], dtype=F32)
                    dg = np.add(dg, prod, dtype=F32)
                d[:, outs] = dg
        return self.from_nhwf(d.reshape(self.n, self.oh, self.ow, self.f))

    def reference64(self, x, w, acc):
        taps, _ = self.taps(x)
        wg = self.w_ghwcf(w).astype(np.float64)
        d = self.out_nhwf(acc).reshape(-1, self.f).astype(np.float64)
        for g in range(self.groups):
            cols, outs = self.group_cols(g), self.group_outs(g)
            for i in range(self.kh):
                for j in range(self.kw):
                    d[:, outs] += taps[i, j][:, cols].astype(np.float64) @ wg[g, i, j]
        return self.from_nhwf(d.reshape(self.n, self.oh, self.ow, self.f))

    def stats(self, strategy, x):
        """RFC 8's line of each matmul the strategy issues, halo included
        (a pooling issues none): one matmul per strategy step for the batch
        of groups, each group's M = N*OH*OW rows, K per group, F/G
        columns, one weight load per group and block."""
        if self.pool:
            return []
        sub, _, mxu = self.geometry
        g, cg, fg = self.groups, self.cg, self.fg
        m = self.n * self.oh * self.ow
        m_pad = math.ceil(m / sub) * sub
        _, halo = self.taps(x)
        lines = []
        steps = ([(self.kh * self.kw * cg,
                   sum(int(h.sum()) for h in halo.values()) * cg)]
                 if strategy == "im2col" else
                 [(cg, int(halo[i, j].sum()) * cg)
                  for i in range(self.kh) for j in range(self.kw)])
        for k, halo_k in steps:
            loads = g * math.ceil(k / mxu) * math.ceil(fg / mxu)
            logical = g * m * k * fg
            issued = loads * m_pad * mxu * mxu
            lines.append(
                f"utilization: logical_macs={logical} issued_macs={issued} "
                f"padding_macs={issued - logical} weight_loads={loads} "
                f"skipped_loads=0 utilization={100 * logical / issued:.4f}% "
                f"halo_macs={g * halo_k * fg}")
        return lines


CASES = [
    Case("nhwc_same", "2d_nhwc_hwcf", 2, 3, (5, 6), 4, (3, 3), pad=(1, 1, 1, 1)),
    Case("nhwc_stride2_dil", "2d_nhwc_hwcf", 1, 5, (9, 8), 6, (3, 2),
         strides=(2, 1), dilations=(1, 2), pad=(2, 0, 1, 3), pad_value=0.5),
    Case("fhwc", "2d_nhwc_fhwc", 2, 4, (6, 5), 3, (2, 3), strides=(1, 2)),
    Case("nchw", "2d_nchw_fchw", 2, 3, (7, 6), 5, (3, 3), strides=(2, 2),
         pad=(1, 1, 1, 1)),
    Case("nchw_one", "2d_nchw_fchw", 1, 6, (5, 5), 2, (1, 1)),
    Case("nwc", "1d_nwc_wcf", 3, 5, 11, 4, 3, strides=(2,), dilations=(2,),
         pad=(0, 2, 0, 2)),
    Case("ncw", "1d_ncw_fcw", 2, 3, 9, 5, 4, pad=(0, 1, 0, 2)),
    Case("stem_bf16", "2d_nhwc_hwcf", 1, 3, (8, 8), 9, (3, 3),
         strides=(2, 2), pad=(1, 1, 1, 1), precision="bf16",
         geometry=(8, 128, 128)),
    Case("bf16_inputs", "2d_nhwc_hwcf", 1, 6, (5, 4), 3, (2, 2),
         dtype="bf16"),
    Case("i8", "2d_nchw_fchw", 2, 7, (5, 5), 3, (3, 3), pad=(1, 1, 1, 1),
         dtype="i8"),
    Case("deep_k", "2d_nhwc_hwcf", 1, 9, (4, 4), 6, (2, 2), pad=(1, 1, 0, 0),
         geometry=(2, 4, 4)),
    # Poolings: the lowered program must equal the unlowered one bit for
    # bit (the same scalar op in the same order) and the numpy model.
    Case("maxpool_nchw", "2d_nchw_fchw", 2, 5, (7, 7), None, (3, 3),
         strides=(2, 2), pad=(1, 1, 1, 1), pad_value=float("-inf"),
         pool="max"),
    Case("maxpool_nhwc", "2d_nhwc_hwcf", 1, 6, (6, 5), None, (2, 2),
         strides=(2, 2), pool="max"),
    Case("minpool_nhwc", "2d_nhwc_hwcf", 2, 3, (5, 5), None, (2, 3),
         dilations=(2, 1), pool="min"),
    Case("sumpool_nchw", "2d_nchw_fchw", 1, 4, (6, 6), None, (3, 3),
         strides=(3, 3), pool="sum"),
    Case("sumpool_nwc", "1d_nwc_wcf", 2, 3, 9, None, 3, pad=(0, 1, 0, 1),
         pool="sum"),
    Case("maxpool_i8", "2d_nhwc_hwcf", 1, 5, (4, 4), None, (2, 2),
         dtype="i8", pool="max"),
    # Grouped convolutions (torch-mlir's form for 1 < groups < C) and
    # depthwise ones: one matrix per group.
    Case("grouped_gfchw", "2d_ngchw_gfchw", 2, 6, (6, 5), 4, (3, 3),
         pad=(1, 1, 1, 1), groups=2),
    Case("grouped_fgchw", "2d_ngchw_fgchw", 1, 6, (5, 5), 9, (2, 2),
         strides=(2, 1), groups=3),
    Case("grouped_gfhwc", "2d_nhwgc_gfhwc", 2, 4, (5, 6), 6, (3, 2),
         dilations=(1, 2), pad=(1, 0, 1, 2), groups=2),
    Case("grouped_i8", "2d_ngchw_gfchw", 1, 8, (5, 5), 4, (3, 3),
         pad=(1, 1, 1, 1), dtype="i8", groups=4),
    Case("dw_nchw", "dw_2d_nchw_chw", 2, 5, (7, 6), 1, (3, 3),
         strides=(2, 2), pad=(1, 1, 1, 1)),
    Case("dw_nhwc", "dw_2d_nhwc_hwc", 1, 6, (6, 6), 1, (3, 3),
         pad=(1, 1, 1, 1), pad_value=0.25),
    Case("dw_hwcm", "dw_2d_nhwc_hwcm", 2, 3, (5, 5), 2, (2, 3),
         dilations=(2, 1)),
    Case("dw_nwc", "dw_1d_nwc_wc", 2, 5, 9, 1, 3, pad=(0, 1, 0, 1)),
    Case("dw_ncw", "dw_1d_ncw_cw", 1, 4, 10, 1, 4, strides=(2,)),
    Case("dw_wcm", "dw_1d_nwc_wcm", 2, 3, 8, 3, 3, dilations=(2,)),
    Case("dw_bf16", "dw_2d_nchw_chw", 1, 4, (5, 5), 1, (3, 3),
         pad=(1, 1, 1, 1), precision="bf16", geometry=(8, 128, 128)),
]


def rand(rng, shape, dtype):
    if dtype == "i8":
        return rng.integers(-128, 128, shape).astype(np.int8)
    x = (rng.uniform(-1, 1, shape) * np.exp2(rng.integers(-4, 5, shape)))
    return x.astype(F32)


def same_bits(got, want):
    if got.dtype != want.dtype or got.shape != want.shape:
        return False
    return np.array_equal(np.ascontiguousarray(got).view(np.uint8),
                          np.ascontiguousarray(want).view(np.uint8))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin-dir", required=True)
    ap.add_argument("--work-dir", required=True)
    opts = ap.parse_args()
    os.makedirs(opts.work_dir, exist_ok=True)
    opt_tool = os.path.join(opts.bin_dir, "systile-opt")
    run_tool = os.path.join(opts.bin_dir, "systile-run")
    rng = np.random.default_rng(20261202)
    for case in CASES:
        base = os.path.join(opts.work_dir, case.name)
        with open(base + ".mlir", "w") as f:
            f.write(case.mlir())
        x = rand(rng, case.x_shape(), case.dtype)
        w = rand(rng, case.w_shape(), case.dtype)
        if case.dtype == "bf16":
            # bf16 arguments: the values already bf16 (widened for numpy).
            x, w = to_bf16(x), to_bf16(w)
        acc_dtype = "i8" if case.dtype == "i8" else "f32"
        acc = rand(rng, case.out_shape(), acc_dtype)
        acc = acc.astype(np.int32) if case.dtype == "i8" else acc
        for name, value in (("x", x), ("w", w), ("acc", acc)):
            arr = value
            if case.dtype == "bf16" and name != "acc":
                arr = value.view(np.uint32) >> 16  # raw bf16 bits
                arr = arr.astype(np.uint16)
            np.save(f"{base}_{name}.npy", arr)
        inputs = ["--input", base + "_x.npy", "--input", base + "_w.npy",
                  "--input", base + "_acc.npy"]
        if case.pool:
            inputs = ["--input", base + "_x.npy", "--input", base + "_acc.npy"]
        sub, lanes, mxu = case.geometry
        ref = (None if case.dtype == "i8" or case.pool
               else case.reference64(x, w, acc))
        # The unlowered program (upstream's order) against float64.
        run([run_tool, base + ".mlir", *inputs, "--quiet",
             "--output", base + "_linalg.npy"])
        got = np.load(base + "_linalg.npy")
        unlowered = got
        if case.pool:
            want = case.pool_model(x, acc)
            if not same_bits(got, want):
                raise SystemExit(f"FAIL {case.name} unlowered: differs")
        elif case.dtype == "i8":
            want = case.model(x, w, acc, "taps")  # integers: any order
            if not same_bits(got, want):
                raise SystemExit(f"FAIL {case.name} unlowered: differs")
        else:
            # Upstream's order, bit for bit (the interpreter's contraction
            # path gathers the im2col view), and near float64.
            if not same_bits(got, case.upstream_model(x, w, acc)):
                raise SystemExit(f"FAIL {case.name} unlowered: not upstream's "
                                 "order")
            tol = 1e-5 * np.max(np.abs(ref))
            if not np.all(np.abs(got - ref) <= tol):
                raise SystemExit(f"FAIL {case.name} unlowered: max error "
                                 f"{np.max(np.abs(got - ref))} > {tol}")
        for strategy in ("im2col", "taps"):
            lowered = run([opt_tool, base + ".mlir",
                           f"--systile-pipeline=sublanes={sub} lanes={lanes} "
                           f"mxu={mxu} precision={case.precision} "
                           f"conv-strategy={strategy}"])
            for op in ("linalg.conv", "linalg.pooling", "tensor.pad"):
                if op in lowered:
                    raise SystemExit(f"FAIL {case.name} {strategy}: {op} left")
            with open(f"{base}_{strategy}.mlir", "w") as f:
                f.write(lowered)
            stdout = run([run_tool, f"{base}_{strategy}.mlir", *inputs,
                          "--stats", "--quiet",
                          "--output", f"{base}_{strategy}.npy"])
            got = np.load(f"{base}_{strategy}.npy")
            want = case.model(x, w, acc, strategy)
            if not same_bits(got, want):
                bad = np.argwhere(got != want)
                raise SystemExit(
                    f"FAIL {case.name} {strategy}: {len(bad)} differ, first "
                    f"{tuple(bad[0])}: got {got[tuple(bad[0])]!r} want "
                    f"{want[tuple(bad[0])]!r}")
            if case.pool and not same_bits(got, unlowered):
                raise SystemExit(f"FAIL {case.name} {strategy}: differs from "
                                 "the unlowered program")
            if ref is not None and case.precision == "f32":
                tol = 1e-5 * np.max(np.abs(ref))
                if not np.all(np.abs(got - ref) <= tol):
                    raise SystemExit(f"FAIL {case.name} {strategy}: far from "
                                     "the float64 reference")
            lines = re.findall(r"^utilization: .*$", stdout, re.M)
            expected = case.stats(strategy, x)
            if lines != expected:
                raise SystemExit(f"FAIL {case.name} {strategy}: stats\n"
                                 + "\n".join(lines) + "\nwant\n"
                                 + "\n".join(expected))
            # The compiled path (systile-run --compile) on the same lowered
            # program: the same bits as the model.
            run([run_tool, "--compile", f"{base}_{strategy}.mlir", *inputs,
                 "--quiet", "--output", f"{base}_{strategy}_compiled.npy"])
            compiled = np.load(f"{base}_{strategy}_compiled.npy")
            if not same_bits(compiled, want):
                raise SystemExit(f"FAIL {case.name} {strategy}: compiled "
                                 "differs from the model")
            print(f"ok {case.name} {strategy}: {len(lines)} matmuls, "
                  "compiled same bits")
    print(f"PASS: {len(CASES)} convolutions and poolings, 2 strategies")


if __name__ == "__main__":
    main()
