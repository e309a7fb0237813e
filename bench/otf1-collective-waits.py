#!/usr/bin/python3
"""Recomputes the N x N and barrier waiting of an OTF (version 1) trace from its text, apart from igtrace, on the raw
clocks (definitions section 8: each member waits from its enter until the last member's, at most its call's length;
in an all-to-all instance where some members sent data, only those are waited for). Compare with
`igtrace stats TRACE --format json --clock-correction none` (or the default, when igtrace's offsets are all 0).

    python3 bench/otf1-collective-waits.py TRACE_DIR/STEM.otf

Reads every STEM.*.events[.z] file (libotf's zlib blocks), one process stack per '*' line; a COP record belongs to the
innermost call open around it. VampirTrace's FD4 run of 1,024 ranks (hydroo/sc16-vpa-edge-bundling-for-visualizing-
communication-behavior, fd4-01024p, CC0; offsets 0) gives N x N 42156.026 s and barrier 15.2652 s, igtrace's to the
last printed digit, with 192 instances of members sending nothing.
"""
import collections, glob, os, re, sys, zlib
stem=sys.argv[1][:-4] if sys.argv[1].endswith('.otf') else sys.argv[1]
D=stem + '.'
defs=(open(D+'0.def','rb').read() if os.path.exists(D+'0.def') else zlib.decompressobj().decompress(open(D+'0.def.z','rb').read())).decode('latin1')
tps=int(re.search(r'^DTR([0-9a-f]+)',defs,re.M).group(1),16)
kind={int(m.group(1),16):int(m.group(2)) for m in re.finditer(r'^DCO([0-9a-f]+)NM"[^"]*"Y(\d+)',defs,re.M)}
groups={int(m.group(1),16):[x for x in m.group(2).split(',') if x] for m in re.finditer(r'^DPG([0-9a-f]+)M([0-9a-f,]*)NM',defs,re.M)}
arr=collections.defaultdict(dict)   # (comm,k) -> proc -> (enter, leave, sent, kind)
count=collections.Counter()
for f in sorted(glob.glob(D+'*.events*')):
    raw=open(f,'rb').read()
    d=(zlib.decompressobj().decompress(raw) if f.endswith('.z') else raw).decode('latin1')
    t=0; proc=None; stacks=collections.defaultdict(list); pends=collections.defaultdict(list)
    for line in d.split('\n'):
        if not line: continue
        c=line[0]
        if c in '0123456789abcdef': t=int(line,16); continue
        if c=='*': proc=int(line[1:],16); continue
        if c=='E': stacks[proc].append(t); continue
        if c=='L':
            if stacks[proc]:
                en=stacks[proc].pop()
                for (comm,op,sent) in pends[proc]:
                    k=count[(proc,comm)]; count[(proc,comm)]+=1
                    arr[(comm,k)][proc]=(en,t,sent,kind.get(op))
                pends[proc].clear()
            continue
        if line.startswith('COP') and not line.startswith('COPB') and not line.startswith('COPE'):
            m=re.match(r'COP([0-9a-f]+)C([0-9a-f]+)RT([0-9a-f]+)S([0-9a-f]+)R([0-9a-f]+)',line)
            pends[proc].append((int(m.group(2),16),int(m.group(1),16),int(m.group(4),16)))
nxn=0.0; barrier=0.0; silent_instances=0; incomplete=0
for (comm,k),a in arr.items():
    n=len(groups.get(comm,[]))
    if len(a)!=n: incomplete+=1; continue
    kinds={v[3] for v in a.values()}
    kd=a[next(iter(a))][3]
    if kd not in (1,4): continue
    members=list(a)
    waited=members
    if kd==4:
        s=[p for p in members if a[p][2]>0]
        if 0<len(s)<len(members): waited=s; silent_instances+=1
    last=max(waited,key=lambda p:a[p][0])
    tot=0.0
    for p in members:
        if p==last: continue
        en,lv=a[p][0],a[p][1]
        tot+=min(max(0,a[last][0]-en),lv-en)
    if kd==4: nxn+=tot/tps
    else: barrier+=tot/tps
print('N x N %.3f s, barrier %.4f s, instances with silent members %d, incomplete %d' % (nxn, barrier, silent_instances, incomplete))
