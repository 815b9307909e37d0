#!/usr/bin/env bash
# make check-cluster: the Slurm recipe of docs/tournament.md on a one-node
# Slurm started here (munged, slurmctld and slurmd, configured in a
# temporary folder, on ports of their own), compared deal by deal with a
# single run given the same secret.  Stops every daemon it started.
# Last line: "N passed, N failed".
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d /tmp/deckhand-slurm.XXXXXX)
chmod 755 "$tmp"
passed=0; failed=0
node=$(hostname -s)
base=${SLURM_TEST_PORT:-16817}

stop() {
  for d in slurmd slurmctld munged; do
    [ -f "$tmp/$d.pid" ] && kill "$(cat "$tmp/$d.pid")" 2>/dev/null
  done
  sleep 1
  rm -rf "$tmp"
}
trap stop EXIT
fail() { echo "FAIL: $*"; for f in "$tmp"/*.log; do echo "--- $f"; tail -n 15 "$f"; done; failed=$((failed + 1)); }

# munge: a key of our own, a socket of our own
dd if=/dev/urandom of="$tmp/munge.key" bs=1024 count=1 status=none
chmod 600 "$tmp/munge.key"
mkdir -p "$tmp/state" "$tmp/spool" "$tmp/work"
munged --force --key-file="$tmp/munge.key" --socket="$tmp/munge.socket" --pid-file="$tmp/munged.pid" \
  --log-file="$tmp/munged.log" --seed-file="$tmp/munged.seed" || { fail "munged did not start"; echo "$passed passed, $failed failed"; exit 1; }

cat >"$tmp/slurm.conf" <<CONF
ClusterName=deckhand
SlurmctldHost=$node
SlurmUser=$(id -un)
SlurmdUser=$(id -un)
SlurmctldPort=$base
SlurmdPort=$((base + 1))
AuthType=auth/munge
AuthInfo=socket=$tmp/munge.socket
CredType=cred/munge
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/slurmctld.log
SlurmdLogFile=$tmp/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
NodeName=$node CPUs=$(nproc) State=UNKNOWN
PartitionName=main Nodes=$node Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$tmp/slurm.conf
slurmctld -c -f "$SLURM_CONF" || fail "slurmctld did not start"
slurmd -f "$SLURM_CONF" -N "$node" || fail "slurmd did not start"
for _ in $(seq 60); do
  state=$(sinfo -h -o %T 2>/dev/null)
  [ "$state" = idle ] && break
  sleep 1
done
if [ "$state" != idle ]; then
  fail "the node is not up (state '$state')"
  echo "$passed passed, $failed failed"; exit 1
fi
echo "slurm: node $node idle"

# the recipe, 12 deals in 3 tasks, with a deckhand command on the PATH
work=$tmp/work
printf '#!/bin/sh\nexec lua5.4 %s/bin/deckhand "$@"\n' "$top" >"$work/deckhand"
chmod +x "$work/deckhand"
recipe=$(awk '/^On a Slurm cluster/{f=1} f&&/^```sh/{g=1;next} g&&/^```/{exit} g' "$top/docs/tournament.md" \
  | sed -e 's/--games 20000/--games 12/' -e 's#/8 #/3 #' -e 's/1-8/1-3/')
[ -n "$recipe" ] || fail "no Slurm recipe in docs/tournament.md"
(cd "$work" && PATH="$work:$PATH" bash -c "$recipe") || fail "the recipe failed"
for _ in $(seq 180); do
  [ -z "$(squeue -h 2>/dev/null)" ] && break
  sleep 1
done
if [ -f "$work/all.jsonl" ]; then
  secret=$(sed -n '1s/.*"secret":"\([0-9a-f]*\)".*/\1/p' "$work/all.jsonl")
  (cd "$work" && ./deckhand tournament spades --games 12 --secret "$secret" --record single.jsonl --quiet >/dev/null)
  # the same header and deals, line by line
  if cmp -s "$work/single.jsonl" "$work/all.jsonl" && [ "$(wc -l <"$work/all.jsonl")" -eq 13 ]; then
    echo "ok: the array job's merge is the single run, deal by deal"; passed=$((passed + 1))
  else
    fail "the merge differs from the single run"; diff <(cut -c1-120 "$work/single.jsonl") <(cut -c1-120 "$work/all.jsonl") | head
  fi
else
  fail "no merged record"; cat "$work"/*.log 2>/dev/null | tail -n 20
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
