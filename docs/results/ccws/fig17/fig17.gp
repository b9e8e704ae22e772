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
"bfs" 1 0.761719 1.03094 1.11361 1.11606 1.14188 1.13639 1.12801 1.12061 1.11291 1.10068 1.09124 1.07871 1.06803 1.05467 1.04458 1.03572 1.02357 1.0188 1.01253 1.01004 1.00963 1.00431 1.00514 1.00643 1.00139 1.00322 1.00029 1.00133 0.999048 0.999026 1.0012
"kmeans" 1 4.47479 8.00923 9.41147 9.83229 10.1218 9.90937 5.71781 1.33398 1.04333 1.03147 1.00311 0.994172 0.991247 0.989378 0.999198 0.99096 0.999824 0.987648 1.00593 0.996954 0.99707 0.995793 0.988385 1 1 1 1 1 1 1 1
"memc" 1 0.493924 0.925915 1.19976 1.3794 1.4488 1.50371 1.50378 1.49694 1.5033 1.49966 1.47792 1.50454 1.50598 1.48622 1.49517 1.48902 1.46922 1.42936 1.38621 1.31588 1.30933 1.24796 1.22935 1.1726 1.13971 1.08778 1.11901 1.07913 1.05341 1.03253 0.994667
"gc" 1 1.15093 1.19249 1.16707 1.13118 1.0948 1.06717 1.04531 1.03442 1.02624 1.0185 1.01537 1.01015 1.00677 1.00373 1.00374 0.999821 0.999517 1.00573 1.00117 1.00126 1.0011 0.997852 1.00375 0.999845 1.00037 0.999972 1.00331 1.00012 0.998669 1.00123 0.996536
"hmean" 1 0.902984 1.32739 1.48446 1.53451 1.55148 1.54861 1.49084 1.22072 1.14395 1.13421 1.11895 1.11498 1.11036 1.10253 1.10399 1.09697 1.09341 1.08461 1.08051 1.06616 1.06495 1.05169 1.04812 1.03989 1.03208 1.02142 1.02826 1.01905 1.01225 1.008 0.998093
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
