# ccgpu plot: ipc_norm against bench, from docs/results/ccws/fig16/fig16.csv
# render with: gnuplot fig16.gp (in this folder; Debian package gnuplot-nox)
set terminal svg size 900,540 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'fig16.svg'
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
"bfs" 1 1.00333 1.01599 1.0339 1.04655 1.04121 0.98361 0.939258 0.930088
"kmeans" 1 4.08908 5.78183 7.26087 7.73534 6.92292 6.31321 5.73778 5.26088
"memc" 1 1.07226 1.25647 1.35085 1.37584 1.372 1.22051 0.920986 0.663041
"gc" 1 1.00159 1.00113 1.00966 1.01684 1.02687 1.04733 1.00367 0.959147
"hmean" 1 1.26093 1.35503 1.41061 1.43109 1.42472 1.3563 1.20443 1.04821
EOD
plot $bars using 2:xtic(1) title 'sched=gto', \
     '' using 3 title 'sched=ccws:k=1', \
     '' using 4 title 'sched=ccws:k=2', \
     '' using 5 title 'sched=ccws:k=4', \
     '' using 6 title 'sched=ccws:k=8', \
     '' using 7 title 'sched=ccws:k=16', \
     '' using 8 title 'sched=ccws:k=32', \
     '' using 9 title 'sched=ccws:k=64', \
     '' using 10 title 'sched=ccws:k=128'
