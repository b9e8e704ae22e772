# ccgpu plot: ipc_norm against bench, from docs/results/ccws/fig17/fig17.csv
# render with: gnuplot fig17.gp (in this folder; Debian package gnuplot-nox)
set terminal svg size 900,540 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'fig17.svg'
set title 'IPC normalised to swl:32'
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
"bfs" 1 0.765666 1.0325 1.11739 1.12057 1.13944 1.13716 1.13235 1.12337 1.11487 1.10254 1.09322 1.08449 1.06858 1.05623 1.05043 1.04078 1.03103 1.02176 1.01926 1.01373 1.0115 1.00829 1.00782 1.00517 1.00323 1.00334 1.0036 1.00386 1.00064 1.00032 1.00127
"kmeans" 1 4.47915 8.00407 9.3782 9.89163 10.3164 9.91737 5.7499 1.33585 1.06756 1.02798 1.02688 1.01221 0.996876 1.00083 0.991785 1.00119 1.00599 0.996753 0.997215 1.00309 0.996891 0.992726 0.999374 1 1 1 1 1 1 1 1
"memc" 1 0.493924 0.925915 1.19976 1.3794 1.4488 1.50371 1.50378 1.49694 1.5033 1.49966 1.47792 1.50454 1.50598 1.48622 1.49517 1.48902 1.46922 1.42936 1.38621 1.31588 1.30933 1.24796 1.22935 1.1726 1.13971 1.08778 1.11901 1.07913 1.05341 1.03253 0.994667
"gc" 1 1.12772 1.1597 1.12894 1.09049 1.07182 1.04846 1.03063 1.02499 1.01815 1.01574 1.01059 1.00535 1.00599 1.00579 1.00115 1.00317 1.00147 1.0003 1.00283 0.995907 0.997173 0.998584 1.00335 0.999254 0.9981 0.999217 0.998466 0.996492 0.998294 0.997852 0.998597
"hmean" 1 0.900767 1.31763 1.47013 1.51775 1.53978 1.53904 1.48571 1.21861 1.14908 1.13279 1.12527 1.12065 1.11203 1.10711 1.10255 1.10252 1.09796 1.08658 1.08036 1.0674 1.0643 1.05212 1.05181 1.03939 1.03196 1.02125 1.02786 1.01876 1.01257 1.00747 0.998626
EOD
plot $bars using 2:xtic(1) title 'sched=swl:32', \
     '' using 3 title 'sched=swl:1', \
     '' using 4 title 'sched=swl:2', \
     '' using 5 title 'sched=swl:3', \
     '' using 6 title 'sched=swl:4', \
     '' using 7 title 'sched=swl:5', \
     '' using 8 title 'sched=swl:6', \
     '' using 9 title 'sched=swl:7', \
     '' using 10 title 'sched=swl:8', \
     '' using 11 title 'sched=swl:9', \
     '' using 12 title 'sched=swl:10', \
     '' using 13 title 'sched=swl:11', \
     '' using 14 title 'sched=swl:12', \
     '' using 15 title 'sched=swl:13', \
     '' using 16 title 'sched=swl:14', \
     '' using 17 title 'sched=swl:15', \
     '' using 18 title 'sched=swl:16', \
     '' using 19 title 'sched=swl:17', \
     '' using 20 title 'sched=swl:18', \
     '' using 21 title 'sched=swl:19', \
     '' using 22 title 'sched=swl:20', \
     '' using 23 title 'sched=swl:21', \
     '' using 24 title 'sched=swl:22', \
     '' using 25 title 'sched=swl:23', \
     '' using 26 title 'sched=swl:24', \
     '' using 27 title 'sched=swl:25', \
     '' using 28 title 'sched=swl:26', \
     '' using 29 title 'sched=swl:27', \
     '' using 30 title 'sched=swl:28', \
     '' using 31 title 'sched=swl:29', \
     '' using 32 title 'sched=swl:30', \
     '' using 33 title 'sched=swl:31'
