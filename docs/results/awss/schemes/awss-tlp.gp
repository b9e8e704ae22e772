# ccgpu plot: tlp_avg against scheme, from docs/results/awss/schemes/awss.csv
# render with: gnuplot awss-tlp.gp (in this folder; Debian package gnuplot-nox)
set terminal svg size 900,540 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'awss-tlp.svg'
set title 'mean resident CTAs (Fig. 7)'
set xlabel 'scheme'
set ylabel 'tlp_avg'
set key outside right top
set grid ytics
set yrange [0:*]
set datafile missing '?'
set style data histogram
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
$bars << EOD
"max-TLP" 61.31 84.02 79.50 80.32 29.86 28.21 20.93 23.97
"OptTLP" 44.62 43.38 79.50 14.48 14.95 28.21 20.93 23.97
"AwssSche-Static" 60.70 19.01 24.51 6.71 1.00 6.82 3.85 14.72
"AwssSche" 57.61 18.19 23.93 6.75 1.00 6.43 3.87 14.13
"AwssSche-Relax" 58.61 20.00 25.47 7.70 2.00 7.34 4.17 17.49
"AwssSche-Union" 59.41 37.72 45.52 6.86 2.00 9.87 20.93 14.13
"AwssSche-UnionId" 59.38 38.06 45.35 6.79 2.00 9.98 20.93 14.13
EOD
plot $bars using 2:xtic(1) title 'mesh', \
     '' using 3 title 'bfs', \
     '' using 4 title 'sssp', \
     '' using 5 title 'gc', \
     '' using 6 title 'spmv', \
     '' using 7 title 'memc', \
     '' using 8 title 'invidx', \
     '' using 9 title 'kmeans'
