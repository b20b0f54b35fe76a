#!/usr/bin/env bash
# stop 39: one more step for the next session: 800,000 search labels from stop 39's net's self-play,
# then a soup fine-tune of that net on all 7,200,000 labelled positions (both steps resume)
set -euo pipefail
cd /work/main
NUMBA_NUM_THREADS=2 .venv/bin/python out/net-r40/label.py out/net-r40/start-stop39.npz out/net-r40/D-data.npz 100000 16 41
.venv/bin/python scripts/train_net.py --out out/net-r40 --seed 40 --start-from out/net-r40/start-stop39.npz \
    --finetune-data out/net-rank/search0-data.npz out/net-rank/search1-data.npz out/net-rank/search2-data.npz out/net-rank/search3-data.npz \
    out/net-rank32/search0-data.npz out/net-r39/B-data.npz out/net-r39/C-data.npz out/net-r40/D-data.npz \
    --finetune-epochs 3 --finetune-soup 3 --search-lr 1e-4 --rank-weight 1 --rank-temperature 5
.venv/bin/python out/net-r40/duel.py 5002 benchmarks/candidates/net-stop37.npz out/net-r40/finetune-64x32.npz
.venv/bin/python out/net-r40/duel.py 7 benchmarks/candidates/net-stop37.npz out/net-r40/finetune-64x32.npz
