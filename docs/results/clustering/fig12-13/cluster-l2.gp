# ccgpu plot: l2_reads against form, from docs/results/clustering/fig12-13/cluster.csv
# render with: gnuplot cluster-l2.gp (in this folder; Debian package gnuplot-nox)
set terminal svg size 900,540 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'cluster-l2.svg'
set title 'L1-to-L2 reads per form and dispatcher model'
set xlabel 'form'
set ylabel 'l2_reads'
set key outside right top
set grid ytics
set yrange [0:*]
set datafile missing '?'
set style data histogram
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set xtics rotate by -45
$bars << EOD
"original" 104346 87222 490651 2162688 66048 104558 87222 501361 2162688 66048 99290 87220 514864 2162688 66048 77882 87221 453478 2162688 66048 77708 87233 298015 2162688 66048 101244 87221 19717 2162688 66048
"redirect (y)" 88764 ? ? ? ? 78280 ? ? ? ? 102356 ? ? ? ? 90912 ? ? ? ? 90026 ? ? ? ? 102260 ? ? ? ?
"agent (y, 64 active)" 87208 ? ? ? ? 87166 ? ? ? ? 86913 ? ? ? ? 87045 ? ? ? ? 85785 ? ? ? ? 86646 ? ? ? ?
"agent (y, 2 active)" 80658 ? ? ? ? 80442 ? ? ? ? 80340 ? ? ? ? 80334 ? ? ? ? 80490 ? ? ? ? 80348 ? ? ? ?
"agent (y, 1 active)" 78356 ? ? ? ? 78348 ? ? ? ? 78458 ? ? ? ? 78372 ? ? ? ? 78348 ? ? ? ? 78356 ? ? ? ?
"redirect (x)" ? 87259 212943 2162688 66048 ? 87255 21802 2162688 66048 ? 87275 433540 2162688 66048 ? 87268 139577 2162688 66048 ? 87299 99045 2162688 66048 ? 87268 454113 2162688 66048
"agent (x, 64 active)" ? 94788 71128 2168142 73496 ? 94765 66264 2168192 73496 ? 94776 71897 2168356 73496 ? 94743 70704 2168192 73496 ? 94805 38026 2165555 73511 ? 94743 66992 2168192 73496
"agent (x, 2 active)" ? 89394 29198 2164037 68096 ? 89405 35408 2164030 68096 ? 89400 29585 2164018 68096 ? 89378 27886 2164030 68096 ? 89399 27943 2162848 68096 ? 89378 33210 2164030 68096
"agent (x, 1 active)" ? 88502 15144 2163466 67196 ? 88526 15120 2163412 67196 ? 88523 15212 2163483 67196 ? 88524 15112 2163412 67196 ? 88529 15344 2162266 67196 ? 88524 15440 2163412 67196
"agent_bypass (x, 2 active)" ? 176244 ? ? ? ? 176244 ? ? ? ? 176244 ? ? ? ? 176244 ? ? ? ? 176244 ? ? ? ? 176244 ? ? ?
"agent_prefetch (y, 2 active)" ? ? ? 2163973 ? ? ? ? 2163968 ? ? ? ? 2164037 ? ? ? ? 2163968 ? ? ? ? 2163443 ? ? ? ? 2163968 ?
EOD
plot $bars using 2:xtic(1) title 'kernel=mm dispatcher=rr', \
     '' using 3 title 'kernel=kmeans dispatcher=rr', \
     '' using 4 title 'kernel=syrk dispatcher=rr', \
     '' using 5 title 'kernel=atax1 dispatcher=rr', \
     '' using 6 title 'kernel=atax2 dispatcher=rr', \
     '' using 7 title 'kernel=mm dispatcher=strict-rr', \
     '' using 8 title 'kernel=kmeans dispatcher=strict-rr', \
     '' using 9 title 'kernel=syrk dispatcher=strict-rr', \
     '' using 10 title 'kernel=atax1 dispatcher=strict-rr', \
     '' using 11 title 'kernel=atax2 dispatcher=strict-rr', \
     '' using 12 title 'kernel=mm dispatcher=random:1', \
     '' using 13 title 'kernel=kmeans dispatcher=random:1', \
     '' using 14 title 'kernel=syrk dispatcher=random:1', \
     '' using 15 title 'kernel=atax1 dispatcher=random:1', \
     '' using 16 title 'kernel=atax2 dispatcher=random:1', \
     '' using 17 title 'kernel=mm dispatcher=cluster', \
     '' using 18 title 'kernel=kmeans dispatcher=cluster', \
     '' using 19 title 'kernel=syrk dispatcher=cluster', \
     '' using 20 title 'kernel=atax1 dispatcher=cluster', \
     '' using 21 title 'kernel=atax2 dispatcher=cluster', \
     '' using 22 title 'kernel=mm dispatcher=cluster:max=2', \
     '' using 23 title 'kernel=kmeans dispatcher=cluster:max=2', \
     '' using 24 title 'kernel=syrk dispatcher=cluster:max=2', \
     '' using 25 title 'kernel=atax1 dispatcher=cluster:max=2', \
     '' using 26 title 'kernel=atax2 dispatcher=cluster:max=2', \
     '' using 27 title 'kernel=mm dispatcher=cluster:x', \
     '' using 28 title 'kernel=kmeans dispatcher=cluster:x', \
     '' using 29 title 'kernel=syrk dispatcher=cluster:x', \
     '' using 30 title 'kernel=atax1 dispatcher=cluster:x', \
     '' using 31 title 'kernel=atax2 dispatcher=cluster:x'
