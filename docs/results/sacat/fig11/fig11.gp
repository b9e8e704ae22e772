# ccgpu plot: ipc_norm against bench, from docs/results/sacat/fig11/fig11.csv
# render with: gnuplot fig11.gp (in this folder; Debian package gnuplot-nox)
set terminal svg size 900,540 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'fig11.svg'
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
set xtics rotate by -45
$bars << EOD
"vecadd" 1 1 1.00123 1 1.00051 1.00051 1.00051 1.00051
"blackscholes" 1 1 1 1 1 1 1 1
"nw" 1 1 1 1 1.01639 1.01639 1.01639 1.01639
"hotspot" 1 1 1 1 1.00014 1.00014 1.00014 1.00014
"srad" 1 1 1 1 1.07484 1.07484 1.07484 1.07484
"stencil3d" 1 1 1 1 1.01792 1.01792 1.01792 1.01792
"conv2d" 1 0.851328 0.851328 1 2.45595 2.45595 2.45595 2.45595
"matmul" 1 1 1 1 1.0123 1.0123 1.0123 1.0123
"bfs" 1 1 1 1 1 1 1 1
"spmv" 1 1 0.986792 1.03079 1.00104 1.17764 1.17764 1.83565
"invidx" 1 1 1 0.987004 1.00128 0.988258 0.988258 0.988258
"kmeans" 1 0.949228 0.949228 3.36345 1.00566 3.33613 3.33613 3.33613
"syrk" 1 1 0.950248 1.00727 3.36392 6.74457 6.74457 6.74457
"gesummv" 1 1 1.66667 1.00102 1.7556 6.0003 6.0003 6.65859
"hmean" 1 0.983967 1.00773 1.05482 1.15227 1.3003 1.3003 1.34024
EOD
plot $bars using 2:xtic(1) title 'sched=gto', \
     '' using 3 title 'sched=fgcb', \
     '' using 4 title 'sched=fgcb-acc', \
     '' using 5 title 'sched=dwt', \
     '' using 6 title 'sched=pric', \
     '' using 7 title 'sched=dwt+pric', \
     '' using 8 title 'sched=sacat', \
     '' using 9 title 'sched=sacat-acc'
