#!/usr/bin/env python3
"""Writes a synthetic Accel-Sim kernel trace for measuring trace-run's memory
(docs/traces.md, "Streaming"): CTAS CTAs of 256 threads (8 warps), each warp
ITERS rounds of two global loads (base+stride and base+delta encodings), an
FFMA and a shared store, then a barrier and EXIT.
  tools/sass-trace-synth.py CTAS ITERS DIR   # DIR/kernel-1.traceg, DIR/kernelslist.g
12,500 CTAs x 40 rounds is a 1.04 GB trace; measured with
  /usr/bin/time -v build/ccgpu trace-run DIR/kernelslist.g --config configs/ccws.cfg"""
import os
import sys

ctas, iters, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
os.makedirs(out, exist_ok=True)
with open(os.path.join(out, "kernelslist.g"), "w") as g:
    g.write("MemcpyHtoD,0x10000000,268435456\nkernel-1.traceg\n")
deltas = " ".join(["4"] * 31)
with open(os.path.join(out, "kernel-1.traceg"), "w") as f:
    f.write(f"-kernel name = synth\n-kernel id = 1\n-grid dim = ({ctas},1,1)\n"
            "-block dim = (256,1,1)\n-shmem = 4096\n-nregs = 32\n-binary version = 80\n"
            "-cuda stream id = 0\n-shmem base_addr = 0x00007f0000000000\n"
            "-local mem base_addr = 0x00007f0001000000\n-nvbit version = synthetic\n"
            "-accelsim tracer version = 5\n-enable lineinfo = 0\n\n")
    for c in range(ctas):
        f.write(f"\n#BEGIN_TB\n\nthread block = {c},0,0\n")
        for w in range(8):
            lines = []
            g0 = (c * 256 + w * 32) * 4
            for i in range(iters):
                a = 0x10000000 + ((g0 + i * ctas * 1024) % (1 << 28))
                pc = 0x100 + i * 0x40
                lines.append(f"{pc:04x} ffffffff 1 R4 LDG.E.32 1 R2 4 1 0x{a:x} 4 0")
                lines.append(f"{pc + 0x10:04x} ffffffff 1 R5 LDG.E.32 1 R2 4 2 "
                             f"0x{a + 0x4000000:x} {deltas} 0")
                lines.append(f"{pc + 0x20:04x} ffffffff 1 R6 FFMA 3 R4 R5 R6 0 0")
                lines.append(f"{pc + 0x30:04x} ffffffff 0 STS.32 2 R3 R6 4 1 "
                             f"0x{0x7f0000000000 + w * 128:x} 4 0")
            lines.append("f000 ffffffff 0 BAR.SYNC.DEFER_BLOCKING 0 0 0")
            lines.append("f010 ffffffff 0 EXIT 0 0 0")
            f.write(f"\nwarp = {w}\ninsts = {len(lines)}\n" + "\n".join(lines) + "\n")
        f.write("\n#END_TB\n")
