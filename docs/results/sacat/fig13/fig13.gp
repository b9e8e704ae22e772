# ccgpu plot: ipc_norm against bench, from docs/results/sacat/fig13/fig13.csv
# render with: gnuplot fig13.gp (in this folder; Debian package gnuplot-nox)
set terminal svg size 900,540 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'fig13.svg'
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
"srad" 1 0.975549 1.01198 1 1.07484 1.07484
"stencil3d" 1 0.983421 0.989032 1 1.01792 1.01792
"conv2d" 1 1.20675 1.24848 1 2.45595 2.45595
"matmul" 1 0.990912 1.00901 1 1.0123 1.0123
"bfs" 1 1 1 1 1 1
"spmv" 1 1.24006 1.0325 1.03079 1.17764 1.83565
"invidx" 1 0.991785 1.00018 0.987004 0.988258 0.988258
"kmeans" 1 2.75279 1.11628 3.36345 3.33613 3.33613
"syrk" 1 0.999234 1.0461 1.00727 6.74457 6.74457
"gesummv" 1 1 1.89373 1.00102 6.0003 6.65859
"hmean" 1 1.10394 1.09416 1.07847 1.47417 1.54736
EOD
plot $bars using 2:xtic(1) title 'sched=gto', \
     '' using 3 title 'sched=ccws', \
     '' using 4 title 'sched=mrpb', \
     '' using 5 title 'sched=dwt', \
     '' using 6 title 'sched=sacat', \
     '' using 7 title 'sched=sacat-acc'
