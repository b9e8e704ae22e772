# ccgpu plot: cycles against form, from docs/results/clustering/fig12-13/cluster.csv
# render with: gnuplot cluster-cycles.gp (in this folder; Debian package gnuplot-nox)
set terminal svg size 900,540 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'cluster-cycles.svg'
set title 'cycles per form and dispatcher model'
set xlabel 'form'
set ylabel 'cycles'
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
"original" 209384 292760 1267182 7888888 290056 234564 292760 1312896 7888888 290048 199416 292010 1330554 7975382 289528 191984 290234 1202832 7888888 290048 198428 306320 798184 7888888 290048 211704 290234 326822 7888888 290048
"redirect (y)" 199922 ? ? ? ? 198046 ? ? ? ? 227654 ? ? ? ? 198864 ? ? ? ? 206624 ? ? ? ? 215106 ? ? ? ?
"agent (y, 64 active)" 210361 ? ? ? ? 212717 ? ? ? ? 208363 ? ? ? ? 213667 ? ? ? ? 232921 ? ? ? ? 212901 ? ? ? ?
"agent (y, 2 active)" 209844 ? ? ? ? 211232 ? ? ? ? 225138 ? ? ? ? 210550 ? ? ? ? 211576 ? ? ? ? 210768 ? ? ? ?
"agent (y, 1 active)" 233492 ? ? ? ? 232778 ? ? ? ? 232164 ? ? ? ? 231038 ? ? ? ? 232924 ? ? ? ? 231600 ? ? ? ?
"redirect (x)" ? 298508 773372 9761784 291345 ? 298568 332322 8574240 290921 ? 296954 1186770 9180270 291515 ? 294564 539096 8574240 290921 ? 303554 490062 8574240 290021 ? 294564 1191908 8574240 290921
"agent (x, 64 active)" ? 301145 417501 6739763 323721 ? 306145 423633 7889345 321877 ? 303187 433013 6576909 324089 ? 301297 422467 7889345 321877 ? 334601 355297 6845569 308869 ? 301297 406879 7889345 321877
"agent (x, 2 active)" ? 316170 347796 8059146 300848 ? 315198 341074 8075478 299832 ? 312076 332250 7905540 300048 ? 310950 332106 8075478 299832 ? 320982 333001 7517458 299996 ? 310950 347598 8075478 299832
"agent (x, 1 active)" ? 537162 350894 7080028 298468 ? 532190 351176 8640592 300684 ? 572920 349696 8236486 298398 ? 568542 350092 8640592 300684 ? 561642 350185 7269678 298684 ? 568542 349976 8640592 300684
"agent_bypass (x, 2 active)" ? 338618 ? ? ? ? 317774 ? ? ? ? 320070 ? ? ? ? 323778 ? ? ? ? 322078 ? ? ? ? 323778 ? ? ?
"agent_prefetch (y, 2 active)" ? ? ? 8494636 ? ? ? ? 8498072 ? ? ? ? 7987558 ? ? ? ? 8498072 ? ? ? ? 7224924 ? ? ? ? 8498072 ?
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
