# ccgpu plot: l1_mpki, bel_mpki against bench, from docs/results/ccws/fig7/fig7.csv
# render with: gnuplot fig8.gp (in this folder; Debian package gnuplot-nox)
set terminal svg size 900,540 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'fig8.svg'
set title 'l1_mpki, bel_mpki vs bench'
set xlabel 'bench'
set ylabel 'l1_mpki, bel_mpki'
set key outside right top
set grid ytics
set yrange [0:*]
set datafile missing '?'
set style data histogram
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
$bars << EOD
"bfs" 361.54 315.697 317.778 280.109 301.322 277.359 253.553 254.291 237.328 248.572
"kmeans" 4769.35 1379.38 1425.15 32.381 86.9082 2721.56 608.233 635.129 31.8593 54.3433
"memc" 186.332 83.2121 78.2979 49.7683 60.1332 87.1385 51.6751 49.9064 36.6521 42.7724
"gc" 495.301 487.876 488.032 403.004 480.623 402.676 399.772 399.495 355.048 396.903
EOD
plot $bars using 2:xtic(1) title 'sched=lrr l1_mpki', \
     '' using 3 title 'sched=gto l1_mpki', \
     '' using 4 title 'sched=2lvl l1_mpki', \
     '' using 5 title 'sched=best-swl l1_mpki', \
     '' using 6 title 'sched=ccws l1_mpki', \
     '' using 7 title 'sched=lrr bel_mpki', \
     '' using 8 title 'sched=gto bel_mpki', \
     '' using 9 title 'sched=2lvl bel_mpki', \
     '' using 10 title 'sched=best-swl bel_mpki', \
     '' using 11 title 'sched=ccws bel_mpki'
