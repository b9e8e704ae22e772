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
"bfs" 1 1.00228 1.0143 1.02842 1.04531 1.03734 0.973078 0.942718 0.92965
"kmeans" 1 4.051 5.73777 7.1966 7.77821 7.22151 6.36373 5.78879 5.39169
"memc" 1 1.07226 1.25647 1.35085 1.37584 1.372 1.22051 0.920986 0.663041
"gc" 1 1.00022 1.00435 1.00825 1.01985 1.05144 1.05989 1.00296 0.961643
"hmean" 1 1.25907 1.35513 1.40676 1.43237 1.4376 1.35702 1.20615 1.05008
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
