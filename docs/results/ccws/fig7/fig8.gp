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
"bfs" 361.315 315.582 318.269 280.14 301.094 277.058 253.501 254.411 237.32 248.467
"kmeans" 4769.31 1370.43 1423.48 32.3629 85.9341 2721.51 604.043 635.236 31.8593 53.993
"memc" 186.332 83.2121 78.2979 49.7683 60.1332 87.1385 51.6751 49.9064 36.6521 42.7724
"gc" 496.132 488.322 488.64 406.086 478.325 403.012 400.018 400.353 357.06 396.295
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
