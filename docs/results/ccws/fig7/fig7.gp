# ccgpu plot: ipc_norm against bench, from docs/results/ccws/fig7/fig7.csv
# render with: gnuplot fig7.gp (in this folder; Debian package gnuplot-nox)
set terminal svg size 900,540 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'fig7.svg'
set title 'IPC normalised to gto'
set xlabel 'bench'
set ylabel 'ipc_norm'
set key outside right top
set grid ytics
set yrange [0:*]
set datafile missing '?'
set style data histogram
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
$bars << EOD
"bfs" 0.823441 1 0.98853 1.14188 1.04531
"kmeans" 0.189933 1 0.94523 10.1218 7.77821
"memc" 0.492191 1 1.04721 1.50598 1.37584
"gc" 0.974995 1 0.998631 1.19249 1.01985
"hmean" 0.419428 1 0.993583 1.61476 1.43237
EOD
plot $bars using 2:xtic(1) title 'sched=lrr', \
     '' using 3 title 'sched=gto', \
     '' using 4 title 'sched=2lvl', \
     '' using 5 title 'sched=best-swl', \
     '' using 6 title 'sched=ccws'
